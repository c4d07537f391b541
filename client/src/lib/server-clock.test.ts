import { fetchLearningServerClock, learnServerClock, serverNow } from './server-clock';

afterEach(() => learnServerClock(new Date().toUTCString(), Date.now(), Date.now()));

describe("the server's clock", () => {
  it("is learnt from the Date header of an answer and kept as a difference from the phone's clock", async () => {
    const ahead = 7 * 60_000;
    const date = new Date(Date.now() + ahead).toUTCString();
    const answer = { headers: { get: (name: string) => (name.toLowerCase() === 'date' ? date : null) } } as unknown as Response;
    const fetch = fetchLearningServerClock(() => Promise.resolve(answer));
    expect(await fetch('/graphql')).toBe(answer);
    expect(Math.abs(serverNow() - (Date.now() + ahead))).toBeLessThan(1500);
  });

  it('stays as it was when an answer has no Date header or an unreadable one', () => {
    learnServerClock(new Date(Date.now() - 3600_000).toUTCString(), Date.now(), Date.now());
    const before = serverNow() - Date.now();
    learnServerClock(null, Date.now(), Date.now());
    learnServerClock('not a date', Date.now(), Date.now());
    expect(Math.abs(serverNow() - Date.now() - before)).toBeLessThan(50);
    expect(before).toBeLessThan(-3_598_000);
  });
});
