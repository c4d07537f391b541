// Emits the server's ErrorCode enum as a union of strings (no code reaches the bundle), so the
// client's comparisons of error codes are checked: a misspelt code does not compile.
module.exports = {
  plugin(schema) {
    const type = schema.getType('ErrorCode');
    if (!type) throw new Error('schema.graphql has no ErrorCode enum');
    const codes = type.getValues().map((value) => `  | '${value.name}'`);
    return `/** Every code an error can carry in \`extensions.code\` (server/src/shared/error-codes.ts). */\nexport type ErrorCode =\n${codes.join('\n')};\n`;
  },
};
