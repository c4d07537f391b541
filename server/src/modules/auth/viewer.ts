import type { Role } from '../user/role';
import type { User } from '../user/user.entity';
import { accountAddress } from '../../shared/phone';

/** Who is making a request, as the services see it. */
export interface Viewer {
  id: string;
  role: Role;
  /** The account's email; for an account made with a mobile number, the stand-in address of shared/phone.ts. */
  email: string;
  name: string;
}

export const toViewer = (user: User): Viewer => ({ id: user.id, role: user.role, email: accountAddress(user), name: user.name });
