import {
  CreateRecordingRequest,
  INPUT_FIELDS,
  NOTHING_TO_UPDATE_MESSAGE,
  OPERATIONS,
  PLATFORMS,
  RECORDING_FIELDS,
  RECORDING_TEXT_FIELDS,
  RECORDING_TEXT_FIELD_KEYS,
  Recording,
  UpdateRecordingRequest,
  eitherOf,
  exampleRecording,
  formatCount,
  inputKey,
  newTextInputName,
  type OperationClients,
  recordingChanges,
} from 'screenrec';
import { RECORDING_ID, failureOfSync, restClient } from './fixtures';
import { restPath, restScope, setUpNock } from './nock-setup';

setUpNock();

// Every free-text field a user sets is one RECORDING_TEXT_FIELDS entry: these cover a new one with no edit.
const recording = exampleRecording({ id: RECORDING_ID, status: 'NEW' });

/** The operation's own core call: both operations below have one. */
function performOf<Name extends 'requestRecording' | 'updateRecording'>(name: Name): NonNullable<(typeof OPERATIONS)[Name]['perform']> {
  const perform = OPERATIONS[name].perform;
  if (perform === undefined) throw new Error(`${name} has no perform`);
  return perform;
}

/** A connection with the API key only, as the platforms hand it to an operation's call. */
function restOnly(): OperationClients {
  const rest = restClient();
  return {
    rest: () => rest,
    hook: () => {
      throw new Error('these operations use the REST API alone');
    },
    restIfSetUp: () => rest,
  };
}

describe('the free-text fields, declared once', () => {
  it('comment is one of them, at most 10,000 characters, set by Comment on create and update', () => {
    expect(RECORDING_TEXT_FIELDS.comment.maxLength).toBe(10_000);
    expect(INPUT_FIELDS.comment).toMatchObject({ label: 'Comment', aiName: 'Comment' });
    expect(INPUT_FIELDS.newComment).toMatchObject({ label: 'Comment', aiName: 'Comment' });
  });

  it('an update that changes nothing is refused naming Tags, then each text field by its label', () => {
    expect(NOTHING_TO_UPDATE_MESSAGE).toBe(
      `Nothing to update: fill in ${eitherOf(['Tags', ...RECORDING_TEXT_FIELD_KEYS.map((key) => RECORDING_FIELDS[key].label)])}, or turn on Remove All Tags. Nothing was sent to ScreenRec.`,
    );
    expect([eitherOf(['Tags']), eitherOf(['Tags', 'Comment']), eitherOf(['Tags', 'Comment', 'Title'])]).toEqual([
      'Tags',
      'Tags or Comment',
      'Tags, Comment or Title',
    ]);
  });

  describe.each(RECORDING_TEXT_FIELD_KEYS)('%s', (key) => {
    const { maxLength } = RECORDING_TEXT_FIELDS[key];
    const newInput = newTextInputName(key);
    const longest = 'x'.repeat(maxLength);
    const tooLong = `${longest}x`;
    const tooLongMessage = `must be at most ${formatCount(maxLength)} characters`;

    it('a recording may have it, or null, or not', () => {
      for (const value of ['Some text', null, undefined]) expect(Recording.parse({ ...recording, [key]: value })[key]).toBe(value);
    });

    it(`create and update bodies take ${maxLength} characters and refuse one more, naming the limit`, () => {
      for (const body of [CreateRecordingRequest, UpdateRecordingRequest]) {
        expect(body.shape[key].safeParse(longest).success).toBe(true);
        expect(body.shape[key].safeParse(tooLong).error?.issues[0]?.message).toBe(tooLongMessage);
      }
    });

    it('is an input of Request Recording by Email under its own key, and of Update Recording under it on every platform', () => {
      expect(OPERATIONS.requestRecording.inputs).toContain(key);
      expect(OPERATIONS.updateRecording.inputs).toContain(newInput);
      for (const platform of PLATFORMS) expect([inputKey(key, platform), inputKey(newInput, platform)]).toEqual([key, key]);
      for (const input of [INPUT_FIELDS[key], INPUT_FIELDS[newInput]]) expect(input.label).toBe(RECORDING_FIELDS[key].label);
    });

    it('an AI model fills both inputs under one name spelled from the key, whatever the label says', () => {
      const { aiName } = INPUT_FIELDS[key];
      expect(INPUT_FIELDS[newInput].aiName).toBe(aiName);
      expect(aiName).toMatch(/^[A-Z][a-z0-9]*(_[A-Z][a-z0-9]*)*$/);
      expect(aiName.replaceAll('_', '').toLowerCase()).toBe(key.toLowerCase());
    });

    it('Request Recording by Email sends it as given', async () => {
      restScope()
        .post(restPath('/recordings'), { direction: 'REQUEST', [key]: 'Typed text' })
        .reply(201, recording);
      await expect(performOf('requestRecording')(restOnly(), { [key]: 'Typed text' }, {})).resolves.toEqual(recording);
    });

    it('Update Recording sends it alone, and keeps it when left blank', async () => {
      restScope()
        .put(restPath(`/recordings/${RECORDING_ID}`), { [key]: 'New text' })
        .reply(202, recording);
      await expect(performOf('updateRecording')(restOnly(), { recordingId: RECORDING_ID, [newInput]: 'New text' }, {})).resolves.toEqual(
        recording,
      );
      expect(recordingChanges({ [key]: '  ', tags: ['a'] })).toEqual({ tags: ['a'] });
      // Refused before anything is sent: no request is expected.
      expect(
        failureOfSync(() => performOf('updateRecording')(restOnly(), { recordingId: RECORDING_ID, [newInput]: ' ' }, {})),
      ).toMatchObject({ code: 'INVALID_INPUT', message: NOTHING_TO_UPDATE_MESSAGE });
    });

    it('is named where an update that changes nothing is refused', () => {
      expect(NOTHING_TO_UPDATE_MESSAGE).toContain(RECORDING_FIELDS[key].label);
      expect(failureOfSync(() => recordingChanges({ [key]: '' }))).toMatchObject({
        code: 'INVALID_INPUT',
        message: NOTHING_TO_UPDATE_MESSAGE,
      });
    });
  });
});
