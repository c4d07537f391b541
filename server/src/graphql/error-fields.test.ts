import { useAppPerFile } from '../test/app-per-file';
import { makeUser } from '../test/factories';
import { signedInClient } from '../test/http-client';
import { InboxMessage } from '../modules/inbox/inbox-message.entity';

// An integrator finds the field an error is about in one place, named one way: `extensions.field`,
// the path from the operation's arguments, whatever found the problem (the input's rules, a service).

const given = useAppPerFile();

describe('extensions.field', () => {
  it('is the input path of a field the input’s rules refuse, beside every field’s own message', async () => {
    const { errors } = await given.visitor.graphql(`mutation { submitContactMessage(input: { name: "Karim", email: " ", message: "" }) }`);
    expect(errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'input.email',
      fields: { email: 'Please fill up all the fields', message: 'Please fill up all the fields' },
    });
    expect(await given.db.getRepository(InboxMessage).count()).toBe(0);
  });

  it('is the argument’s own name for an argument of its own, under an alias too', async () => {
    const { errors } = await given.visitor.graphql(`mutation { join: subscribe(email: "not-an-email") }`);
    expect(errors![0]).toMatchObject({ path: ['join'], message: 'Enter a valid email address', extensions: { code: 'BAD_USER_INPUT', field: 'email' } });
  });

  it('names a field a service refused by its path too', async () => {
    await makeUser(given.db, { email: 'student@example.com' }, 'a long enough password');
    const student = await signedInClient(given.app.url, 'student@example.com', 'a long enough password');
    const { errors } = await student.graphql(`mutation ($input: PracticeInput!) { startPractice(input: $input) { id } }`, {
      input: { classLevel: 9, subjectId: 'astrology', count: 10 },
    });
    expect(errors![0].extensions?.field).toBe('input.subjectId');
  });

  it('is the variable’s path for a text refused before the operation runs', async () => {
    const { errors } = await given.visitor.graphql(`mutation ($input: ContactInput!) { submitContactMessage(input: $input) }`, {
      input: { name: 'Karim', email: 'karim@example.com', message: 'x'.repeat(20_000) },
    });
    expect(errors![0].extensions).toMatchObject({ code: 'TEXT_TOO_LONG', field: 'input.message' });
  });
});
