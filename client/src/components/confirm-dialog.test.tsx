import { Button, ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { themeSystem } from '../app/theme';
import { useConfirm } from './confirm-dialog';
import { WithLanguage } from '../test/render';

function DeleteButton({ onDelete }: { onDelete(): Promise<void> }) {
  const confirm = useConfirm();
  return (
    <>
      <Button
        onClick={() =>
          confirm.ask({ title: 'Delete Class 9 Physics?', consequence: 'The course is removed for good.', confirmLabel: 'Delete course', onConfirm: onDelete })
        }
      >
        Delete
      </Button>
      {confirm.dialog}
    </>
  );
}

const renderButton = () => {
  const onDelete = jest.fn(() => Promise.resolve());
  render(
    <WithLanguage>
      <ChakraProvider value={themeSystem()}>
        <DeleteButton onDelete={onDelete} />
      </ChakraProvider>
    </WithLanguage>,
  );
  return onDelete;
};

const dialogGone = () => waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

describe('the confirm dialog', () => {
  it('names the thing and the consequence, and does nothing on Cancel or Escape', async () => {
    const onDelete = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete Class 9 Physics?');
    expect(dialog).toHaveTextContent('The course is removed for good.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await dialogGone();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await dialogGone();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('does the action once on Confirm, then closes', async () => {
    const onDelete = renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete course' }));
    await dialogGone();
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
