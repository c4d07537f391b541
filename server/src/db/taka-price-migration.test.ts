import type { DataSource } from 'typeorm';
import { DEFAULT_USD_TO_BDT, proposeTakaPrice } from '../shared/money';
import { closeTestDatabase, openTestDatabase } from '../test/database';

const MIGRATION = 'PaymentMethodAndTakaPrices1795667663593';

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => closeTestDatabase(db));

const executed = async () => (await db.query<Array<{ name: string }>>(`SELECT name FROM migrations`)).map((row) => row.name);

describe('the migration that gives every paid course a taka price', () => {
  it('proposes taka prices for paid courses that had none, as the editor does, and leaves free and priced courses alone', async () => {
    while ((await executed()).includes(MIGRATION)) await db.undoLastMigration();
    const dollars = [0.99, 4, 12.5, 49, 1200];
    for (const price of dollars) {
      await db.query(
        `INSERT INTO course (name, description, price, "priceBDT", instructor, category) VALUES ($1, 'Imported', $2, 0, 'Teacher', 'PROFESSIONAL')`,
        [`Imported ${price}`, price],
      );
    }
    await db.query(`INSERT INTO course (name, description, price, "priceBDT", instructor, category) VALUES ('Free', 'Free', 0, 0, 'Teacher', 'PROFESSIONAL')`);
    await db.query(
      `INSERT INTO course (name, description, price, "priceBDT", instructor, category) VALUES ('Priced', 'Priced', 10, 999, 'Teacher', 'PROFESSIONAL')`,
    );
    await db.runMigrations();

    const rows = await db.query<Array<{ name: string; price: string; priceBDT: number }>>(`SELECT name, price, "priceBDT" FROM course`);
    const taka = (name: string) => rows.find((row) => row.name === name)!.priceBDT;
    const rate = Number(process.env.USD_TO_BDT) || DEFAULT_USD_TO_BDT;
    for (const price of dollars) expect(taka(`Imported ${price}`)).toBe(proposeTakaPrice(price, rate));
    expect(taka('Free')).toBe(0);
    expect(taka('Priced')).toBe(999);
    await expect(
      db.query(`INSERT INTO course (name, description, price, "priceBDT", instructor, category) VALUES ('Bad', 'Bad', 5, 0, 'Teacher', 'PROFESSIONAL')`),
    ).rejects.toThrow(/course_paid_has_taka_price/);
  });
});
