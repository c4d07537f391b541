import type { Role } from './role';
import { accountAddress } from '../shared/phone';

/** Who is making a request, as the services see it. */
export interface Viewer {
  id: string;
  role: Role;
  /** The account's email; for an account made with a mobile number, the stand-in address of shared/phone.ts. */
  email: string;
  name: string;
}

/** The viewer of an account (a `User`). */
export const toViewer = (user: { id: string; role: Role; name: string; email: string | null; phone: string | null }): Viewer => ({
  id: user.id,
  role: user.role,
  email: accountAddress(user),
  name: user.name,
});
