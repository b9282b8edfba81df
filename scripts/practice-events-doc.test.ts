import { readFileSync } from 'node:fs';
import { practiceEventExamples } from '@vet/contracts/practice-event-examples';
import {
  practiceEventDataSchemas,
  practiceEventEnvelopeSchema,
  practiceEventTypes,
} from '@vet/contracts/practice-events';
import { describe, expect, it } from 'vitest';

/**
 * docs/practice-events.md is what a practice system's developers read: its example of each event must be
 * an event the portal could send. Each `### <type>` section's JSON block is checked against the envelope
 * and that type's data schema, strictly (a field the schema lacks is an error), and every type has one. It
 * is the example the integration contract gives (practice-event-examples.ts, decision 0109).
 */
const markdown = readFileSync(new URL('../docs/practice-events.md', import.meta.url), 'utf8');

/** Each section's JSON blocks: the first is the type's example, any further one a variant of it. */
function sections(): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  for (const section of markdown.split(/^### /m).slice(1)) {
    const heading = section.slice(0, section.indexOf('\n')).trim();
    const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map(
      (match) => JSON.parse(match[1]!) as unknown,
    );
    if (blocks.length > 0) found.set(heading, blocks);
  }
  return found;
}

function examples(): Map<string, unknown> {
  return new Map([...sections()].map(([heading, blocks]) => [heading, blocks[0]]));
}

describe('docs/practice-events.md', () => {
  const documented = examples();

  it('has an example of every event type and of nothing else', () => {
    expect([...documented.keys()].sort()).toEqual([...practiceEventTypes].sort());
  });

  it.each([...practiceEventTypes])('shows %s as the portal sends it', (type) => {
    const example = documented.get(type);
    const envelope = practiceEventEnvelopeSchema.parse(example);
    expect(envelope.type).toBe(type);
    const schema = practiceEventDataSchemas[type];
    expect(() => schema.strict().parse(envelope.data)).not.toThrow();
    expect(example).toEqual(practiceEventExamples[type]);
  });

  it.each([...practiceEventTypes])('shows every further example of %s as the portal sends it', (type) => {
    for (const variant of sections().get(type)?.slice(1) ?? []) {
      const envelope = practiceEventEnvelopeSchema.parse(variant);
      expect(envelope.type).toBe(type);
      expect(() => practiceEventDataSchemas[type].strict().parse(envelope.data)).not.toThrow();
    }
  });
});
