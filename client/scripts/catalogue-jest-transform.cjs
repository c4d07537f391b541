// Jest reads the catalogues as the build ships them (see compile-catalogue.cjs). Jest parses a
// .json module itself, so the parsed messages go back as JSON.
const crypto = require('node:crypto');
const fs = require('node:fs');
const { compileMessages } = require('./compile-catalogue.cjs');

const compiler =
  fs.readFileSync(require.resolve('./compile-catalogue.cjs'), 'utf8') + fs.readFileSync(require.resolve('./catalogue-jest-transform.cjs'), 'utf8');

module.exports = {
  process(source, file) {
    return { code: JSON.stringify(compileMessages(source, file)) };
  },
  getCacheKey(source, file) {
    return crypto.createHash('sha256').update(compiler).update(file).update(source).digest('hex');
  },
};
