import { expectNoSecretsIn } from './secrets';

/** A thrown error with the fields its class adds (code, status, description, httpCode, …) readable in asserts. */
export type Failure = Error & Record<string, unknown>;

type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;
type Step = Promise<unknown> | (() => Promise<unknown>);

export interface FailureExpectations {
  /** Secrets that must appear nowhere in the failure, however it is written out: platforms show and store errors. */
  secrets?: readonly string[];
}

export interface FailureOfKind<E extends Error> extends FailureExpectations {
  /** The class the failure must be an instance of. */
  kind: ErrorClass<E>;
}

/**
 * Awaits a step that must fail and returns what it threw. The test fails, saying what happened instead, when
 * the step succeeds, throws something other than an Error (of `kind`, when given), or throws an error that
 * carries one of `secrets`.
 */
export async function failureOf(step: Step, expectations?: FailureExpectations): Promise<Failure>;
export async function failureOf<E extends Error>(step: Step, expectations: FailureOfKind<E>): Promise<E>;
export async function failureOf(step: Step, expectations: Partial<FailureOfKind<Error>> = {}): Promise<Error> {
  try {
    await (typeof step === 'function' ? step() : step);
  } catch (thrown) {
    return checked(thrown, expectations);
  }
  throw new Error('expected a failure, but the step succeeded');
}

/** The same for a step that fails without awaiting anything. */
export function failureOfSync(step: () => unknown, expectations?: FailureExpectations): Failure;
export function failureOfSync<E extends Error>(step: () => unknown, expectations: FailureOfKind<E>): E;
export function failureOfSync(step: () => unknown, expectations: Partial<FailureOfKind<Error>> = {}): Error {
  try {
    step();
  } catch (thrown) {
    return checked(thrown, expectations);
  }
  throw new Error('expected a failure, but the step succeeded');
}

function checked(thrown: unknown, { kind = Error, secrets = [] }: Partial<FailureOfKind<Error>>): Error {
  if (!(thrown instanceof kind)) {
    const what = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
    throw new Error(`expected the step to fail with ${kind.name}, but it threw ${what}`, { cause: thrown });
  }
  expectNoSecretsIn([thrown], secrets);
  return thrown;
}
