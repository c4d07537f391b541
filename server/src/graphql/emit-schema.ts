import fs from 'node:fs';
import { schemaFile } from '../config/paths';
import { createSchema, printSchemaFile } from './schema';

createSchema()
  .then((schema) => {
    fs.writeFileSync(schemaFile, printSchemaFile(schema));
    console.log(`Wrote ${schemaFile}`);
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
