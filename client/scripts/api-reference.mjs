// Writes the GraphQL API reference, generated from the committed schema.graphql, into the build
// at dist/docs/api/ (served at /docs/api/), or into the folder given as the first argument (the
// server's tests). Its script and style are separate files, so the site's content security policy
// (scripts only from this origin) holds for it too.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const client = path.resolve(import.meta.dirname, '..');
const schemaFile = path.resolve(client, '..', 'schema.graphql');
const targetDir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(client, 'dist', 'docs', 'api');
// The reference needs an absolute address; the site's public address when the build knows it.
const endpoint = new URL('/graphql', process.env.PUBLIC_URL || 'http://localhost:4000').href;
const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('spectaql/package.json')), 'bin', 'spectaql.js');

const config = `
spectaql:
  targetDir: ${JSON.stringify(targetDir)}
  oneFile: false
  embeddable: false
  faviconUrl: /favicon.svg
introspection:
  schemaFile: ${JSON.stringify(schemaFile)}
info:
  title: Shikhon GraphQL API reference
  description: >-
    Every query, mutation and type of the API, generated from the schema this build serves at
    /schema.graphql. Try the operations in the playground at /graphql; the [integrator guide](/docs/)
    covers authentication, API keys, paging, errors, rate limits, webhooks (with the JSON Schema of
    each event's body) and deprecations, and /openapi.json describes the REST paths.
servers:
  - url: ${JSON.stringify(endpoint)}
    description: The API of this build (npm start serves it on localhost:4000)
    production: true
`;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'api-reference-'));
try {
  const configFile = path.join(work, 'spectaql.yml');
  fs.writeFileSync(configFile, config);
  fs.rmSync(targetDir, { recursive: true, force: true });
  // Its style compiler prints deprecation notices on every run; they are shown only if it fails.
  execFileSync(process.execPath, [cli, configFile], { cwd: work, stdio: 'pipe' });
} catch (error) {
  process.stderr.write(error.stderr ?? '');
  throw error;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
if (!fs.existsSync(path.join(targetDir, 'index.html'))) throw new Error('The API reference was not written');
console.log(`API reference written to ${targetDir.startsWith(client) ? path.relative(client, targetDir) : targetDir}/`);
