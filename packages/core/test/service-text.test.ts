import {
  MAX_QUOTED_CHARS,
  hookRefusedMessage,
  quoteServiceText,
  restValidationMessage,
  transportFailureMessage,
  unexpectedAnswerMessage,
  unsubscribeRefusedMessage,
  type Transport,
} from 'screenrec';
import {
  API_KEY,
  BACKEND_TOKEN,
  RECORDING_ID,
  SUBSCRIPTION_ID,
  expectNoSecretsInThrownErrors,
  failureOf,
  hookClient,
  restClient,
} from './fixtures';
import { FakeClock, scriptedTransport } from './scripted';

afterAll(expectNoSecretsInThrownErrors);

/** 739k characters of reflected text with both secrets in the middle, as the attacker's service sent. */
const reflected = (secret: string) => `${'A'.repeat(150)} ${secret} ${'B'.repeat(739_000)}`;
const answering = (status: number, body: unknown) => scriptedTransport(new FakeClock(), [{ status, body }]);

describe('quoteServiceText', () => {
  it('keeps short text as it is', () => {
    expect(quoteServiceText('Integration paused.')).toBe('Integration paused.');
  });

  it(`cuts at ${MAX_QUOTED_CHARS} characters, ending with an ellipsis`, () => {
    const quoted = quoteServiceText('x'.repeat(5_000));
    expect(quoted).toHaveLength(MAX_QUOTED_CHARS);
    expect(quoted.endsWith('…')).toBe(true);
  });

  it('scrubs every secret before cutting, so no part of one shows', () => {
    const quoted = quoteServiceText(`${'a'.repeat(190)}${API_KEY} and ${API_KEY}`, [API_KEY]);
    expect(quoted).not.toContain(API_KEY.slice(0, 6));
    expect(quoted).toBe(`${'a'.repeat(190)}[redacted…`);
    expect(quoteServiceText(`key=${API_KEY}; again ${API_KEY}`, [API_KEY])).toBe('key=[redacted]; again [redacted]');
  });

  it('folds line breaks and control characters', () => {
    expect(quoteServiceText('line one\r\n\tline\u0000two\u001b[31m')).toBe('line one line two [31m');
  });
});

describe('service text in error messages', () => {
  it('a hook refusal quotes at most 200 characters and never the token', async () => {
    const error = await failureOf(
      hookClient({ transport: answering(200, { error: reflected(BACKEND_TOKEN) }) }).createRecordingLink({ externalReference: 'x' }),
    );
    expect(error.code).toBe('SERVICE_ERROR');
    expect(error.message).toBe(hookRefusedMessage(quoteServiceText(reflected(BACKEND_TOKEN), [BACKEND_TOKEN])));
    expect(error.message.length).toBeLessThanOrEqual(hookRefusedMessage('').length + MAX_QUOTED_CHARS);
    expect(error.message).toContain('[redacted]');
  });

  it('an unsubscribe refusal is quoted the same way', async () => {
    const error = await failureOf(
      hookClient({ transport: answering(200, { error: reflected(BACKEND_TOKEN) }) }).unsubscribe(SUBSCRIPTION_ID),
    );
    expect(error.message.length).toBeLessThanOrEqual(unsubscribeRefusedMessage('').length + MAX_QUOTED_CHARS);
  });

  it('a REST validation message quotes at most 200 characters and never the key; field errors are cut and scrubbed too', async () => {
    const errors = Array.from({ length: 500 }, (_, i) => ({ path: `tags.${i}`, message: `${API_KEY} ${'C'.repeat(5_000)}` }));
    const error = await failureOf(
      restClient({ transport: answering(400, { message: 'Bad request', errors }) }).updateRecording(RECORDING_ID, { tags: ['x'] }),
    );
    expect(error.code).toBe('VALIDATION');
    expect(error.message.length).toBeLessThanOrEqual(restValidationMessage('').length + MAX_QUOTED_CHARS);
    expect(error.fieldErrors).toHaveLength(20);
    expect(error.fieldErrors?.[0]?.message).toHaveLength(MAX_QUOTED_CHARS);
  });

  it('a REST error message without field errors is quoted', async () => {
    const error = await failureOf(
      restClient({ transport: answering(422, { message: reflected(API_KEY) }) }).requestRecording({ direction: 'REQUEST' }),
    );
    expect(error.message).toBe(restValidationMessage(quoteServiceText(reflected(API_KEY), [API_KEY])));
  });

  it('an answer that does not match names the problem in at most 200 characters', async () => {
    const fields = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`field${i}`, 1]));
    const transport = answering(200, { content: Array.from({ length: 100 }, () => fields), totalElements: 'many', totalPages: 1 });
    const error = await failureOf(restClient({ transport }).listRecordings());
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.message.length).toBeLessThanOrEqual(unexpectedAnswerMessage(200, '').length + MAX_QUOTED_CHARS);
  });

  it("a platform transport's failure text is cut and scrubbed", async () => {
    const leaky: Transport = async (request) => {
      throw new Error(`${JSON.stringify(request.headers)} ${'z'.repeat(10_000)}`);
    };
    const error = await failureOf(restClient({ transport: leaky, maxRetries: 0 }).deleteRecording(RECORDING_ID));
    expect(error.message.length).toBeLessThanOrEqual(transportFailureMessage('').length + MAX_QUOTED_CHARS);
    expect(error.message).toContain('Bearer [redacted]');
  });
});
