import { render, screen } from '@testing-library/react';
import { FormError, TextField } from './form-field';

describe('a form field drawn with plain elements', () => {
  it('is named by its label and described by its hint, and says what is wrong with it', () => {
    const { rerender } = render(<TextField label="Mobile number" hint="01XXXXXXXXX" name="phone" type="tel" />);
    const field = screen.getByRole('textbox', { name: 'Mobile number' });
    expect(field).toHaveAccessibleDescription('01XXXXXXXXX');
    expect(field).not.toHaveAttribute('aria-invalid');

    rerender(<TextField label="Mobile number" hint="01XXXXXXXXX" error="Phone is required" name="phone" type="tel" />);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('01XXXXXXXXX Phone is required');
  });

  it('is marked wrong without a message of its own when the form says so', () => {
    render(<TextField label="Code from the SMS" invalid name="code" />);
    expect(screen.getByRole('textbox', { name: 'Code from the SMS' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a form’s error as an alert, with a way on below it', () => {
    render(
      <FormError message="This account is closed.">
        <a href="/support">Support</a>
      </FormError>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This account is closed.Support');
    expect(screen.getByRole('link', { name: 'Support' })).toBeInTheDocument();
  });
});
