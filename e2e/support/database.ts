import { Client, type QueryResultRow } from 'pg';

/** Reads the newest mail sent to `to` from the server's outbox (no SMTP in the browser tests). */
export async function latestMailTo(to: string): Promise<{ subject: string; text: string }> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT subject, text FROM outbox_message WHERE "to" = $1 ORDER BY "createdAt" DESC LIMIT 1', [to]);
    if (!rows[0]) throw new Error(`no mail to ${to} in the outbox`);
    return rows[0] as { subject: string; text: string };
  } finally {
    await client.end();
  }
}

/** Runs one statement against the server's database, for setting up what the browser cannot. */
export async function sql<Row extends QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Puts a course on sale or takes it off, as its instructor's dashboard does. */
export async function setCoursePublished(courseId: string, published: boolean): Promise<void> {
  const client = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query('UPDATE course SET published = $2 WHERE id = $1', [courseId, published]);
  } finally {
    await client.end();
  }
}
