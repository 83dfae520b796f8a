import {
  DIRECTION_LABELS,
  INPUT_FIELDS,
  OPERATIONS,
  OPERATION_NAMES,
  STATUS_LABELS,
  inputKey,
  operationByKey,
  type CatalogueOperation,
  type InputName,
  type OperationName,
} from 'screenrec';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import App from '../src/index';
import authentication from '../src/authentication';
import { REGULAR_STEP_NAMES, stepKey } from '../src/catalogue-steps';

interface Field {
  key: string;
  label?: string;
  helpText?: string;
  list?: boolean;
  dynamic?: string;
  search?: string;
}
interface Operation {
  key: string;
  display: { label?: string; description?: string; hidden?: boolean };
  operation: { sample?: Record<string, unknown>; outputFields?: Field[]; inputFields?: unknown[]; type?: string };
}

const operations = (group: Record<string, unknown>): [string, Operation][] => Object.entries(group as Record<string, Operation>);

/** The catalogue operations Zapier offers, by the kind of step and the key it released them as. */
const CATALOGUE_STEPS = OPERATION_NAMES.flatMap((name) => {
  const [kind = '', key = ''] = (OPERATIONS[name] as CatalogueOperation).keys.zapier?.split('.') ?? [];
  return kind === '' ? [] : [{ name, kind, key }];
});
const catalogueKeys = (kind: string) => CATALOGUE_STEPS.filter((step) => step.kind === kind).map((step) => step.key);
/** Zapier's own hidden triggers, which fill the Tags and Recording ID dropdowns: no catalogue operation. */
const DROPDOWN_TRIGGERS = ['recordingList', 'tagList'];

const triggers = operations(App.triggers);
const all = [...triggers, ...operations(App.creates), ...operations(App.searches)];
const inputFieldsOf = (definition: Operation): Field[] => (definition.operation.inputFields ?? []) as Field[];

/** Zapier's names for the leaves of a sample: `a__b` for nested objects, `a[]b` for arrays of objects. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    const objects = value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
    return objects.length === 0 ? [prefix] : [...new Set(objects.flatMap((item) => leafKeys(item, `${prefix}[]`)))];
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) =>
      leafKeys(child, prefix === '' ? key : prefix.endsWith('[]') ? `${prefix}${key}` : `${prefix}__${key}`),
    );
  }
  return [prefix];
}

describe('app definition', () => {
  it('has the operation keys other tools drive the app by', () => {
    expect(Object.keys(App.triggers).sort()).toEqual([...catalogueKeys('triggers'), ...DROPDOWN_TRIGGERS].sort());
    expect(Object.keys(App.creates).sort()).toEqual(catalogueKeys('creates').sort());
    expect(Object.keys(App.searches).sort()).toEqual(catalogueKeys('searches').sort());
    expect(catalogueKeys('creates')).toEqual(
      expect.arrayContaining(['createRecording', 'requestRecording', 'updateRecording', 'deleteRecording']),
    );
    expect(App.triggers.videoReady?.operation.type).toBe('hook');
  });

  it('runs on the newest zapier-platform-core, the same version as the CLI that builds and pushes it', () => {
    const versionOf = (name: string) =>
      (JSON.parse(readFileSync(join(__dirname, '../../../node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    const [core, cli] = [versionOf('zapier-platform-core'), versionOf('zapier-platform-cli')];
    const app = JSON.parse(readFileSync(join(__dirname, '../package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect({ declared: app.dependencies['zapier-platform-core'], installed: core, platformVersion: App.platformVersion }).toEqual({
      declared: cli,
      installed: cli,
      platformVersion: cli,
    });
  });

  it('offers Find or Create Recording: Find Recording, else Create Recording Link', () => {
    // Zapier requires the search-or-create's own key to be its search's key.
    expect(App.searchOrCreates).toEqual({
      findOrCreateRecording: {
        key: 'findRecording',
        search: 'findRecording',
        create: 'createRecording',
        display: { label: 'Find or Create Recording', description: expect.stringMatching(/^Finds .* creates /) },
      },
    });
  });

  it('words every visible step as Zapier\'s style asks: triggers "Triggers when", creates and searches say what they do, no "instantly"', () => {
    for (const [key, definition] of all) {
      if (definition.display.hidden) continue;
      const description = definition.display.description ?? '';
      expect({ key, description }).toEqual({ key, description: expect.not.stringMatching(/instant/i) });
    }
    for (const [key, definition] of triggers) {
      if (!definition.display.hidden)
        expect({ key, description: definition.display.description }).toEqual({
          key,
          description: expect.stringMatching(/^Triggers when /),
        });
    }
    // A create says what it does: a verb (Creates, Replaces, Deletes, …); a regular one in the catalogue's own words.
    for (const [key, definition] of operations(App.creates)) {
      const description = definition.display.description;
      expect({ key, description }).toEqual({ key, description: expect.stringMatching(/^[A-Z][a-z]+s /) });
      const name = operationByKey('zapier', `creates.${key}`);
      if (name !== undefined && REGULAR_STEP_NAMES.includes(name))
        expect({ key, description }).toEqual({ key, description: OPERATIONS[name].summary });
    }
    for (const [key, definition] of operations(App.searches))
      expect({ key, description: definition.display.description }).toEqual({ key, description: expect.stringMatching(/^Finds /) });
  });

  it("keeps every visible step's description to one short sentence without the app's name, which Zapier shows beside it", () => {
    const descriptions = all
      .filter(([, definition]) => !definition.display.hidden)
      .map(([key, definition]): [string, string] => [key, definition.display.description ?? '']);
    descriptions.push(['findOrCreateRecording', App.searchOrCreates?.findOrCreateRecording?.display.description ?? '']);
    for (const [key, description] of descriptions) {
      expect({ key, short: description.length <= 120, namesTheApp: /ScreenRec/i.test(description) }).toEqual({
        key,
        short: true,
        namesTheApp: false,
      });
      // One sentence: a full stop at the end only.
      expect({ key, description }).toEqual({ key, description: expect.stringMatching(/^[^.]*\.$/) });
    }
  });

  it('labels every visible search "Find …", as Zapier\'s search actions are named (the keys stay)', () => {
    const visibleSearches = operations(App.searches).filter(([, definition]) => !definition.display.hidden);
    expect(visibleSearches.map(([key, definition]) => [key, definition.display.label])).toEqual([
      ['findRecording', 'Find Recording'],
      ['getVideoUrl', 'Find Video URL'],
      ['findTags', 'Find Tag'],
    ]);
  });

  it("shows every catalogue operation Zapier offers under the catalogue's one name, in Zapier's idiom", () => {
    const shown = OPERATION_NAMES.flatMap((name) => {
      const released = (OPERATIONS[name] as CatalogueOperation).keys.zapier;
      if (released === undefined) return [];
      const [kind = '', key = ''] = released.split('.');
      const steps: Record<string, Record<string, unknown> | undefined> = {
        triggers: App.triggers,
        creates: App.creates,
        searches: App.searches,
      };
      return [[name, (steps[kind]?.[key] as Operation | undefined)?.display.label]];
    });
    // A trigger or a create shows the name as it is; a search reads "Find …" and finds one.
    const SEARCH_LABELS: Partial<Record<OperationName, string>> = {
      findRecordings: 'Find Recording',
      getVideoUrl: 'Find Video URL',
      searchTags: 'Find Tag',
    };
    expect(shown).toEqual(
      CATALOGUE_STEPS.map(({ name, kind }) => [name, kind === 'searches' ? SEARCH_LABELS[name] : OPERATIONS[name].name]),
    );
    expect(shown).toContainEqual(['requestRecording', 'Request Recording by Email']);
  });

  it("gives a regular step the catalogue's inputs under their released keys, with the catalogue's labels", () => {
    const fields = inputFieldsOf(App.creates.requestRecording as Operation);
    expect(fields.map((field) => [field.key, field.label])).toEqual(
      OPERATIONS.requestRecording.inputs.map((name) => [inputKey(name, 'zapier'), INPUT_FIELDS[name].label]),
    );
  });

  it('warns on Delete Recording, in a Copy field above the run, that the recording is deleted for good', () => {
    const copy = (inputFieldsOf(App.creates.deleteRecording as Operation) as Array<Field & { type?: string; required?: boolean }>).filter(
      (field) => field.type === 'copy',
    );
    expect(copy).toEqual([
      {
        key: 'deletedForGood',
        type: 'copy',
        helpText: expect.stringMatching(/^\*\*This deletes the recording and its video for good: it cannot be undone\.\*\*/),
      },
    ]);
  });

  it('tells the two creates apart: one makes a link to send, the other e-mails an invitation', () => {
    expect(App.creates.createRecording?.display.label).toBe('Create Recording Link');
    expect(App.creates.requestRecording?.display.label).toBe('Request Recording by Email');
    expect(App.creates.createRecording?.display.description).toMatch(/link .* to send/);
    expect(App.creates.requestRecording?.display.description).toMatch(/e-mails that person an invitation/);
  });

  it('gives every Recording ID input the newest-recordings dropdown, and a search link to Find Recording where it is not Find Recording itself', () => {
    const recordingIdInputs = all.flatMap(([key, definition]) =>
      inputFieldsOf(definition)
        .filter((field) => field.key === 'recordingId')
        .map((field) => ({ key, field })),
    );
    // Every step of a catalogue operation on one recording, and Find Recording, which is also Get Recording (by ID) on Zapier.
    const onOneRecording = CATALOGUE_STEPS.filter(({ name }) => (OPERATIONS[name].inputs as readonly InputName[]).includes('recordingId'));
    expect(recordingIdInputs.map(({ key }) => key).sort()).toEqual(
      [...onOneRecording.map(({ key }) => key), stepKey('findRecordings')].sort(),
    );
    for (const { key, field } of recordingIdInputs) {
      expect({ key, dynamic: field.dynamic, search: field.search }).toEqual({
        key,
        dynamic: 'recordingList.id.label',
        search: key === 'findRecording' ? undefined : 'findRecording.id',
      });
    }
    expect(App.triggers.recordingList?.display.hidden).toBe(true);
  });

  it.each(all)('%s has a label, a description, a sample and output fields that describe exactly the sample', (_key, definition) => {
    if (!definition.display.hidden) {
      expect(definition.display.label).toEqual(expect.any(String));
      expect(definition.display.description?.length).toBeGreaterThan(40);
    }
    const sample = definition.operation.sample;
    expect(sample).toBeDefined();
    const outputKeys = (definition.operation.outputFields ?? []).map((field) => field.key).sort();
    expect(outputKeys).toEqual(leafKeys(sample).sort());
  });

  it.each(all)('%s explains every input field with an example', (_key, definition) => {
    for (const field of inputFieldsOf(definition)) {
      expect({ key: field.key, helpText: field.helpText }).toEqual({
        key: field.key,
        helpText: expect.stringMatching(/for example|`[^`]+`/),
      });
    }
  });

  it('explains every connection field', () => {
    for (const field of authentication.fields)
      expect({ key: field.key, helpText: field.helpText }).toEqual({
        key: field.key,
        helpText: expect.stringMatching(/for example|`[^`]+`|\*\*/),
      });
  });

  it('says which time zone every date input is read in', () => {
    const dateFields = all.flatMap(([, definition]) =>
      inputFieldsOf(definition).filter((field) => (field as { type?: string }).type === 'datetime'),
    );
    expect(dateFields.length).toBeGreaterThan(0);
    for (const field of dateFields) expect(field.helpText).toContain("your Zap's time zone (UTC when Zapier gives none)");
  });

  it("says on Video Ready's filters that they need the REST credentials", () => {
    const fields = inputFieldsOf(App.triggers.videoReady as Operation);
    expect(fields.map((field) => field.key)).toEqual(['tags', 'direction']);
    for (const field of fields) expect(field.helpText).toContain('Needs the Workspace ID and API Key in the connection');
  });

  it("words states and directions in core's vocabulary, the same as on every platform", () => {
    const choicesOf = (definition: Operation, key: string) =>
      (inputFieldsOf(definition) as Array<Field & { choices?: Array<{ value: string; label: string }> }>).find((field) => field.key === key)
        ?.choices;
    const labelled = (labels: Readonly<Record<string, string>>) =>
      Object.entries(labels).map(([value, label]) => expect.objectContaining({ value, label }));
    expect(choicesOf(App.searches.findRecording as Operation, 'statuses')).toEqual(labelled(STATUS_LABELS));
    expect(choicesOf(App.searches.findRecording as Operation, 'direction')).toEqual(labelled(DIRECTION_LABELS));
    expect(choicesOf(App.creates.requestRecording as Operation, 'direction')).toEqual(labelled(DIRECTION_LABELS));
  });
});
