import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../test/render';
import { paths } from '../../lib/paths';
import type { SessionUser } from '../../lib/session';
import { AccountMenu } from './account-menu';

const admin: SessionUser = {
  __typename: 'User',
  id: '7',
  name: 'Rising Student',
  email: 'rising@example.com',
  role: 'ADMIN',
  image: null,
  emailVerified: true,
  instructorApproved: false,
  language: 'en',
} as SessionUser;

const render = () =>
  renderRoute(<AccountMenu user={admin} />, {
    path: paths.myCourses,
    otherPaths: [paths.home, paths.myProfile, paths.instructorDashboard, paths.adminDashboard],
  });

describe('the account menu', () => {
  it("lists the person's places as links, with the address each opens", async () => {
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Rising Student' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['My Profile', 'My Learning', 'Instructor Dashboard', 'Admin Dashboard', 'Logout']);
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', paths.adminDashboard);
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', paths.myProfile);
    expect(screen.getByRole('menuitem', { name: 'My Learning' })).toHaveAttribute('href', paths.myCourses);
  });

  it('stays with the header, which stays at the top while the page scrolls', async () => {
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Rising Student' }));
    const menu = await screen.findByRole('menu');
    expect(menu.closest('[data-part="positioner"]')).toHaveStyle({ position: 'fixed' });
  });

  it('opens the chosen place on a click and closes', async () => {
    const { pathname } = render();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Rising Student' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Admin Dashboard' }));
    await waitFor(() => expect(pathname()).toBe(paths.adminDashboard));
    await waitFor(() => expect(screen.queryByRole('menuitem')).not.toBeInTheDocument());
  });

  it('opens a place chosen with the keyboard', async () => {
    const { pathname } = render();
    screen.getByRole('button', { name: 'Account menu for Rising Student' }).focus();
    await userEvent.keyboard('{Enter}');
    const first = await screen.findByRole('menuitem', { name: 'My Profile' });
    await waitFor(() => expect(first).toHaveAttribute('data-highlighted'));
    await waitFor(() => expect(screen.getByRole('menu')).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(pathname()).toBe(paths.myProfile));
  });

  it('signs out to the home page from Logout', async () => {
    const { pathname } = render();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for Rising Student' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(pathname()).toBe(paths.home));
  });
});
