import ICAL from 'ical.js';

/**
 * THE TESTS' OWN strict reader of iCalendar text (RFC 5545 section 3.1), written apart from the `ics`
 * package that writes the portal's calendar parts, so a test does not check a writer with itself. It
 * refuses what a strict calendar program could refuse: a bare LF, a physical line over 75 octets, a
 * malformed property name or parameter, a DQUOTE inside a parameter value, a BEGIN without its END; a
 * maintained parser (ical.js, Mozilla's, as Thunderbird reads calendars) is lenient about exactly those.
 * `readInvitation` also has ical.js read every invitation, and the two must agree.
 */

export interface ICalProperty {
  name: string;
  /** Parameter names upper-cased; values as written, quotes removed. */
  params: Record<string, string[]>;
  /** The raw value: unescape TEXT values with `icalText`. */
  value: string;
}

export interface ICalComponent {
  name: string;
  properties: ICalProperty[];
  components: ICalComponent[];
}

const NAME = /^[A-Za-z0-9-]+/;
// QSAFE-CHAR: any character but CTLs and DQUOTE; SAFE-CHAR also excludes ";", ":" and ",".
/* eslint-disable no-control-regex -- the control characters are what these exclude */
const QUOTED = /^"([^"\u0000-\u0008\u000a-\u001f\u007f]*)"/;
const SAFE = /^[^"\u0000-\u0008\u000a-\u001f\u007f;:,]*/;
/* eslint-enable no-control-regex */

function parseLine(line: string, lineNumber: number): ICalProperty {
  const fail = (why: string): never => {
    throw new Error(`iCalendar line ${lineNumber}: ${why}: ${JSON.stringify(line)}`);
  };
  let rest = line;
  const name = NAME.exec(rest)?.[0] ?? fail('no property name');
  rest = rest.slice(name.length);
  const params: Record<string, string[]> = {};
  while (rest.startsWith(';')) {
    rest = rest.slice(1);
    const paramName = NAME.exec(rest)?.[0] ?? fail('no parameter name');
    rest = rest.slice(paramName.length);
    if (!rest.startsWith('=')) fail('a parameter without "="');
    rest = rest.slice(1);
    const values: string[] = [];
    for (;;) {
      const quoted = QUOTED.exec(rest);
      const match = quoted ?? SAFE.exec(rest);
      const raw = match?.[0] ?? '';
      values.push(quoted ? quoted[1]! : raw);
      rest = rest.slice(raw.length);
      if (!rest.startsWith(',')) break;
      rest = rest.slice(1);
    }
    const key = paramName.toUpperCase();
    if (params[key]) fail(`parameter ${key} twice`);
    params[key] = values;
  }
  if (!rest.startsWith(':')) fail('no ":" after the name and parameters');
  const value = rest.slice(1);
  // eslint-disable-next-line no-control-regex -- VALUE-CHAR excludes the control characters
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) fail('a control character in the value');
  return { name: name.toUpperCase(), params, value };
}

/** Reads one iCalendar object: CRLF lines, unfolded, into its component tree (the VCALENDAR). */
export function readICalendar(text: string): ICalComponent {
  if (!text.endsWith('\r\n')) throw new Error('iCalendar text must end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  physical.forEach((line, index) => {
    if (line.includes('\n') || line.includes('\r')) {
      throw new Error(`iCalendar line ${index + 1}: a bare CR or LF`);
    }
    if (Buffer.byteLength(line, 'utf8') > 75) {
      throw new Error(`iCalendar line ${index + 1}: longer than 75 octets`);
    }
  });
  // Unfolding: a CRLF followed by one space or tab joins the lines (RFC 5545 3.1).
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (logical.length === 0) throw new Error('iCalendar text starts with a continuation line');
      logical[logical.length - 1] += line.slice(1);
    } else {
      logical.push(line);
    }
  }
  const stack: ICalComponent[] = [];
  let root: ICalComponent | undefined;
  logical.forEach((line, index) => {
    const property = parseLine(line, index + 1);
    if (property.name === 'BEGIN') {
      if (root && stack.length === 0) throw new Error('more than one object in the text');
      const component = { name: property.value.toUpperCase(), properties: [], components: [] };
      stack.at(-1)?.components.push(component);
      if (!root) root = component;
      stack.push(component);
    } else if (property.name === 'END') {
      const open = stack.pop();
      if (open?.name !== property.value.toUpperCase()) {
        throw new Error(`END:${property.value} does not close ${open?.name ?? 'anything'}`);
      }
    } else {
      const current = stack.at(-1);
      if (!current) throw new Error(`property ${property.name} outside any component`);
      current.properties.push(property);
    }
  });
  if (!root || stack.length > 0) throw new Error('an unclosed component');
  return root;
}

/** A TEXT value unescaped (RFC 5545 3.3.11); a backslash before anything else is refused. */
export function icalText(value: string): string {
  return value.replace(/\\(.?)/g, (_, next: string) => {
    if (next === 'n' || next === 'N') return '\n';
    if (next === '\\' || next === ';' || next === ',') return next;
    throw new Error(`a bad escape in a TEXT value: \\${next}`);
  });
}

/** The one property of that name (throws when absent or repeated). */
export function only(component: ICalComponent, name: string): ICalProperty {
  const found = component.properties.filter((property) => property.name === name);
  if (found.length !== 1) throw new Error(`${component.name} has ${found.length} ${name}, not one`);
  return found[0]!;
}

/** A DATE-TIME in UTC form (`20261127T090000Z`) as an instant; a floating or zoned time is refused. */
export function utcDateTime(property: ICalProperty): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(property.value);
  if (!match || property.params.TZID) throw new Error(`${property.name} is not a UTC date-time`);
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

/**
 * The one VEVENT of an iTIP message, with the message's METHOD. Checks what RFC 5546 (3.2.2 REQUEST,
 * 3.2.5 CANCEL) and RFC 5545 (3.6, 3.7) require to be present once.
 */
export function readInvitation(text: string) {
  const calendar = readICalendar(text);
  if (calendar.name !== 'VCALENDAR') throw new Error('not a VCALENDAR');
  for (const name of ['VERSION', 'PRODID', 'METHOD']) only(calendar, name);
  const events = calendar.components.filter((component) => component.name === 'VEVENT');
  if (events.length !== 1 || calendar.components.length !== 1) throw new Error('not exactly one VEVENT');
  const event = events[0]!;
  for (const name of ['UID', 'DTSTAMP', 'DTSTART', 'ORGANIZER', 'SEQUENCE']) only(event, name);
  const sequence = only(event, 'SEQUENCE').value;
  if (!/^\d+$/.test(sequence) || Number(sequence) > 2_147_483_647) throw new Error('a bad SEQUENCE');
  const read = {
    calendar,
    event,
    method: only(calendar, 'METHOD').value,
    version: only(calendar, 'VERSION').value,
    uid: only(event, 'UID').value,
    sequence: Number(sequence),
    dtstamp: utcDateTime(only(event, 'DTSTAMP')),
    start: utcDateTime(only(event, 'DTSTART')),
    end: utcDateTime(only(event, 'DTEND')),
    status: only(event, 'STATUS').value,
    summary: icalText(only(event, 'SUMMARY').value),
    description: icalText(only(event, 'DESCRIPTION').value),
    location: icalText(only(event, 'LOCATION').value),
    organizer: only(event, 'ORGANIZER'),
    attendees: event.properties.filter((property) => property.name === 'ATTENDEE'),
  };
  agreesWithIcalJs(text, read);
  return read;
}

/** ical.js's reading of the same text: its METHOD, its one VEVENT's identity, times, words and people. */
function agreesWithIcalJs(text: string, read: Omit<ReturnType<typeof readInvitation>, never>): void {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent');
  if (events.length !== 1) throw new Error(`ical.js reads ${events.length} VEVENTs`);
  const event = events[0]!;
  const time = (name: string) => {
    const value = event.getFirstPropertyValue(name);
    if (!(value instanceof ICAL.Time) || value.zone !== ICAL.Timezone.utcTimezone)
      throw new Error(`ical.js does not read ${name} as a UTC time`);
    return value.toJSDate().getTime();
  };
  const theirs = {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    start: time('dtstart'),
    end: time('dtend'),
    dtstamp: time('dtstamp'),
    status: event.getFirstPropertyValue('status'),
    summary: event.getFirstPropertyValue('summary'),
    description: event.getFirstPropertyValue('description'),
    location: event.getFirstPropertyValue('location'),
    organizer: String(event.getFirstPropertyValue('organizer')).toLowerCase(),
    attendees: event
      .getAllProperties('attendee')
      .map((attendee) => [String(attendee.getFirstValue()).toLowerCase(), attendee.getParameter('partstat')]),
  };
  const ours = {
    method: read.method,
    uid: read.uid,
    sequence: read.sequence,
    start: read.start.getTime(),
    end: read.end.getTime(),
    dtstamp: read.dtstamp.getTime(),
    status: read.status,
    summary: read.summary,
    description: read.description,
    location: read.location,
    organizer: read.organizer.value.toLowerCase(),
    attendees: read.attendees.map((attendee) => [
      attendee.value.toLowerCase(),
      attendee.params.PARTSTAT?.[0],
    ]),
  };
  if (JSON.stringify(theirs) !== JSON.stringify(ours))
    throw new Error(`ical.js reads the invitation otherwise:\n${JSON.stringify({ theirs, ours }, null, 1)}`);
}
