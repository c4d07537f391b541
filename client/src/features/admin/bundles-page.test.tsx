import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../lib/paths';
import { answer, failure, renderRoute } from '../../test/render';
import {
  AdminBundlesDocument,
  BundleCourseSearchDocument,
  CreateBundleDocument,
  SetBundleOnSaleDocument,
  UpdateBundleDocument,
  type AdminBundlesQuery,
} from './api/bundles.generated';
import BundlesPage from './bundles-page';

const taka = (amount: number) => ({ __typename: 'Money' as const, amount, currency: 'BDT' as const });
const course = (id: string, name: string, amount: number) => ({ __typename: 'Course' as const, id, name, priceTaka: taka(amount) });
const data = (allBundles: AdminBundlesQuery['allBundles']): AdminBundlesQuery =>
  ({
    allBundles,
    courses: { __typename: 'CoursePage', items: [course('physics', 'Physics 9', 100_000), course('biology', 'Biology 9', 200_000)] },
  }) as AdminBundlesQuery;

const science = {
  __typename: 'Bundle' as const,
  id: 'b1',
  name: 'Science 9',
  onSale: true,
  courses: [course('physics', 'Physics 9', 100_000), course('biology', 'Biology 9', 200_000)],
  price: taka(250_000),
  listPrice: taka(300_000),
  saving: taka(50_000),
};

describe("the admin's bundles", () => {
  it('lists the bundles on sale with what they save', async () => {
    renderRoute(<BundlesPage />, { path: paths.adminBundles, mocks: [answer(AdminBundlesDocument, {}, data([science]))] });
    const row = await screen.findByTestId('bundle-row');
    expect(row).toHaveTextContent('Science 9');
    expect(row).toHaveTextContent('You save ৳500');
    expect(row).toHaveTextContent('৳2,500 · Physics 9, Biology 9');
  });

  it("says the sum of the chosen courses' prices, and shows the server's refusal beside the price", async () => {
    const input = { name: 'Science 9', courseIds: ['physics', 'biology'], priceBDT: 3000 };
    renderRoute(<BundlesPage />, {
      path: paths.adminBundles,
      mocks: [
        answer(AdminBundlesDocument, {}, data([])),
        failure(CreateBundleDocument, { input }, 'The bundle price is a whole number of taka above 0 and below the sum of its courses’ prices', {
          code: 'BAD_USER_INPUT',
          field: 'priceBDT',
        }),
      ],
    });
    expect(await screen.findByText('No bundles yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Science 9' } });
    fireEvent.click(screen.getByText('Physics 9 · ৳1,000'));
    expect(await screen.findByText("Above ৳0 and below ৳1,000, the courses' prices together.")).toBeInTheDocument();
    fireEvent.click(screen.getByText('Biology 9 · ৳2,000'));
    expect(await screen.findByText("Above ৳0 and below ৳3,000, the courses' prices together.")).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /^Price in taka/ }), { target: { value: '৩০০০' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the bundle' }));
    expect(await screen.findByText('The bundle price is a whole number of taka above 0 and below the sum of its courses’ prices')).toBeInTheDocument();
  });

  it('changes a bundle in the same form, filled in with what it has', async () => {
    const input = { name: 'Science 9 (new)', courseIds: ['physics', 'biology'], priceBDT: 2400 };
    renderRoute(<BundlesPage />, {
      path: paths.adminBundles,
      mocks: [
        answer(AdminBundlesDocument, {}, data([science])),
        answer(UpdateBundleDocument, { id: 'b1', input }, { updateBundle: { ...science, name: input.name, price: taka(240_000), saving: taka(60_000) } }),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit the bundle: Science 9' });
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveValue('Science 9');
    expect(within(form).getByRole('textbox', { name: /^Price in taka/ })).toHaveValue('2500');
    expect(within(form).getByText("Above ৳0 and below ৳3,000, the courses' prices together.")).toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Science 9 (new)' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Price in taka/ }), { target: { value: '2400' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('form', { name: 'New bundle' })).toBeInTheDocument();
    expect(await screen.findByText('৳2,400 · Physics 9, Biology 9')).toBeInTheDocument();
  });

  it('asks before it stops selling a bundle, and offers to sell it again', async () => {
    const stopped = { ...science, onSale: false };
    renderRoute(<BundlesPage />, {
      path: paths.adminBundles,
      mocks: [answer(AdminBundlesDocument, {}, data([science])), answer(SetBundleOnSaleDocument, { id: 'b1', onSale: false }, { setBundleOnSale: stopped })],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop selling' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop selling Science 9?' });
    expect(dialog).toHaveTextContent('Students who bought it keep their courses.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop selling' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const row = screen.getByTestId('bundle-row');
    await waitFor(() => expect(row).toHaveTextContent('Not on sale'));
    expect(within(row).getByRole('button', { name: 'Sell again' })).toBeInTheDocument();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
  });

  it('finds any paid course of the catalogue by its name, beyond the newest ones offered, and keeps what was chosen', async () => {
    const chemistry = course('chemistry', 'Chemistry 10', 150_000);
    const input = { name: 'Science 10', courseIds: ['physics', 'chemistry'], priceBDT: 2000 };
    renderRoute(<BundlesPage />, {
      path: paths.adminBundles,
      mocks: [
        answer(AdminBundlesDocument, {}, data([])),
        answer(BundleCourseSearchDocument, { text: 'chem' }, { courseSearch: { items: [chemistry, course('free', 'Free chemistry', 0)] } }),
        answer(BundleCourseSearchDocument, { text: 'zzz' }, { courseSearch: { items: [] } }),
        answer(CreateBundleDocument, { input }, { createBundle: { ...science, id: 'b2', name: 'Science 10' } }),
      ],
    });
    fireEvent.click(await screen.findByText('Physics 9 · ৳1,000'));
    const find = screen.getByRole('searchbox', { name: 'Find a course' });
    fireEvent.change(find, { target: { value: 'chem' } });
    fireEvent.click(await screen.findByText('Chemistry 10 · ৳1,500'));
    // A free course is never offered.
    expect(screen.queryByText(/Free chemistry/)).not.toBeInTheDocument();
    fireEvent.change(find, { target: { value: 'zzz' } });
    expect(await screen.findByText('No paid course by that name.')).toBeInTheDocument();
    // What was chosen stays, whatever is searched.
    expect(screen.getByText('Chemistry 10 · ৳1,500')).toBeInTheDocument();
    expect(screen.getByText("Above ৳0 and below ৳2,500, the courses' prices together.")).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Science 10' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Price in taka/ }), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the bundle' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue(''));
  });
});
