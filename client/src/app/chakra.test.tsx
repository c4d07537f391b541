import { Button } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { WithChakra } from './chakra';

describe("Chakra's provider for the parts drawn with it", () => {
  it('inserts none of the page-wide CSS again, and still styles its components', () => {
    render(
      <WithChakra>
        <Button colorPalette="blue">Pay with bKash</Button>
      </WithChakra>,
    );
    expect(screen.getByRole('button', { name: 'Pay with bKash' }).className).toMatch(/chakra-button css-/);
    const styles = [...document.querySelectorAll('style[data-emotion]')].map((style) => style.getAttribute('data-emotion') ?? '');
    expect(styles).toContain('css');
    expect(styles.filter((key) => key.startsWith('css-global'))).toEqual([]);
  });
});
