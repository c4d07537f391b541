import type { ErrorCode } from '../../../gql/error-code';

/**
 * The server's device check before a code goes to a new number while many codes go unused (SMS
 * pumping): an ALTCHA proof of work the phone computes in a second or two, with nothing to tap.
 * Loaded only when the server asks, so no page carries it otherwise.
 */
export async function solveDeviceCheck(challenge: unknown): Promise<string | null> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  const solution = await solveChallenge({ challenge: challenge as Parameters<typeof solveChallenge>[0]['challenge'], deriveKey });
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}

const CHECK_REQUIRED = 'CHECK_REQUIRED' satisfies ErrorCode;

/** The challenge of a CHECK_REQUIRED refusal, or null for any other answer. */
export function deviceCheckOf(failure: unknown): unknown {
  const errors = (failure as { errors?: Array<{ extensions?: { code?: unknown; challenge?: unknown } }> } | null)?.errors;
  const first = Array.isArray(errors) ? errors[0] : undefined;
  return first?.extensions?.code === CHECK_REQUIRED ? (first.extensions.challenge ?? null) : null;
}
