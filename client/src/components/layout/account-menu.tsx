import { Avatar, Button, Menu, Portal } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { displayName, useSession } from '../../lib/session-context';
import type { SessionUser } from '../../lib/session';

/** The signed-in header: the person's name with My Profile, My Learning, My Cart, My Wishlist and Logout. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { session } = useSession();
  const navigate = useNavigate();
  const name = displayName(user);
  return (
    <Menu.Root
      onSelect={({ value }) => {
        if (value === 'profile') navigate(paths.myProfile);
        if (value === 'learning') navigate(paths.myCourses);
        if (value === 'instructor') navigate('/instructor-dashboard');
        if (value === 'admin') navigate('/admin-dashboard');
        if (value === 'logout') void session.signOut().then(() => navigate(paths.home));
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Account menu for ${name}`}>
          <Avatar.Root size="xs">
            <Avatar.Fallback name={name} />
            {user.image && <Avatar.Image src={user.image} alt="" />}
          </Avatar.Root>
          {name}
          <ChevronDown size={16} aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile">My Profile</Menu.Item>
            <Menu.Item value="learning">My Learning</Menu.Item>
            <Menu.Item value="cart">My Cart</Menu.Item>
            <Menu.Item value="wishlist">My Wishlist</Menu.Item>
            {(user.role === 'INSTRUCTOR' || user.role === 'ADMIN') && <Menu.Item value="instructor">Instructor Dashboard</Menu.Item>}
            {user.role === 'ADMIN' && <Menu.Item value="admin">Admin Dashboard</Menu.Item>}
            <Menu.Separator />
            <Menu.Item value="logout">Logout</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
