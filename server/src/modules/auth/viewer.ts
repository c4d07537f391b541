import type { Role } from '../user/role';
import type { User } from '../user/user.entity';

/** Who is making a request, as the services see it. */
export interface Viewer {
  id: string;
  role: Role;
  email: string;
  name: string;
}

export const toViewer = (user: User): Viewer => ({ id: user.id, role: user.role, email: user.email, name: user.name });
