import { useAppPerFile } from '../../test/app-per-file';
import { makeUser } from '../../test/factories';
import { signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { InboxMessage } from './inbox-message.entity';

const given = useAppPerFile();

const INBOX = `query ($kind: InboxKind!, $handled: Boolean) { inbox(kind: $kind, handled: $handled) { total items { id name email subject message handled } } }`;

describe('what visitors send', () => {
  it('stores complaints, contact messages and subscriptions for the admins, who mark them handled', async () => {
    await given.visitor.graphql(
      `mutation { submitComplaint(input: { name: "Rahim", email: "Rahim@Example.com", phone: "01712345678", subject: "Video", message: "Lesson 3 does not play" }) }`,
    );
    await given.visitor.graphql(`mutation { submitContactMessage(input: { name: "Karim", email: "karim@example.com", message: "When is the next batch?" }) }`);
    await given.visitor.graphql(`mutation { subscribe(email: "reader@example.com") }`);
    await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'a password');
    const admin = await signedInClient(given.app.url, 'boss@example.com', 'a password');
    const complaints = await admin.graphql<{ inbox: { items: Array<{ id: string }> } }>(INBOX, { kind: 'COMPLAINT' });
    expect(complaints.data).toMatchObject({
      inbox: { total: 1, items: [{ name: 'Rahim', email: 'rahim@example.com', subject: 'Video', message: 'Lesson 3 does not play', handled: false }] },
    });
    expect((await admin.graphql(INBOX, { kind: 'CONTACT' })).data).toMatchObject({ inbox: { total: 1, items: [{ message: 'When is the next batch?' }] } });
    expect((await admin.graphql(INBOX, { kind: 'SUBSCRIPTION' })).data).toMatchObject({ inbox: { total: 1, items: [{ email: 'reader@example.com' }] } });
    await admin.graphql(`mutation ($id: ID!) { setInboxHandled(id: $id, handled: true) { handled } }`, { id: complaints.data!.inbox.items[0].id });
    expect((await admin.graphql(INBOX, { kind: 'COMPLAINT', handled: false })).data).toMatchObject({ inbox: { total: 0 } });
  });

  it("refuses empty fields with 'Please fill up all the fields' and stores nothing", async () => {
    const { errors } = await given.visitor.graphql(`mutation { submitContactMessage(input: { name: "Karim", email: " ", message: "" }) }`);
    expect(errors![0]).toMatchObject({
      message: 'Please fill up all the fields',
      extensions: { code: 'BAD_USER_INPUT', fields: { email: 'Please fill up all the fields', message: 'Please fill up all the fields' } },
    });
    const complaint = await given.visitor.graphql(
      `mutation { submitComplaint(input: { name: "R", email: "not-an-email", phone: "1", subject: "s", message: "m" }) }`,
    );
    expect(complaint.errors![0].message).toBe('Enter a valid email address');
    expect(await given.db.getRepository(InboxMessage).count()).toBe(0);
  });

  it('keeps one subscription per address', async () => {
    await given.visitor.graphql(`mutation { subscribe(email: "reader@example.com") }`);
    const again = await given.visitor.graphql(`mutation { subscribe(email: "READER@example.com") }`);
    expect(again.data).toEqual({ subscribe: true });
    expect(await given.db.getRepository(InboxMessage).count()).toBe(1);
  });

  it('limits how often one address can send', async () => {
    for (let i = 0; i < 30; i++) await given.visitor.graphql(`mutation { subscribe(email: "r${i}@example.com") }`);
    const { errors } = await given.visitor.graphql(`mutation { subscribe(email: "one-too-many@example.com") }`);
    expect(errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED', category: 'TOO_MANY_REQUESTS' });
    expect(await given.db.getRepository(InboxMessage).count()).toBe(30);
  });
});
