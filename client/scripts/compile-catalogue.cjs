// Turns a catalogue's JSON (flat keys, ICU messages) into a JavaScript module whose messages are
// already parsed: the syntax tree for a message with placeholders or plurals, the plain text for
// one without. The browser then needs no message parser. Used by the build (catalogue-plugin.ts)
// and by the client's tests (jest transform), so both run the same catalogues.
const { parse } = require('@formatjs/icu-messageformat-parser');

/** Options the runtime formats with too (no rich-text tags: `<` is just a character). */
const PARSE_OPTIONS = { ignoreTag: true };

function compileMessages(source, file) {
  const catalogue = JSON.parse(source);
  const compiled = {};
  for (const [key, message] of Object.entries(catalogue)) {
    let ast;
    try {
      ast = parse(message, PARSE_OPTIONS);
    } catch (error) {
      throw new Error(`${file}: the message "${key}" is not valid ICU: ${error.message}`);
    }
    // A single literal is plain text: kept as a string, it costs nothing to format.
    compiled[key] = ast.length === 0 ? '' : ast.length === 1 && ast[0].type === 0 ? ast[0].value : ast;
  }
  return compiled;
}

module.exports = { compileMessages, PARSE_OPTIONS };
