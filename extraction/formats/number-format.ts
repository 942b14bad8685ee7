// Spreadsheet number formats (the codes of Excel's "Format Cells"), so a cell reads as it is shown:
// a date serial as a date, 0.125 under "0.0%" as 12.5%, 1234.5 under "$#,##0.00" as $1,234.50.
// Month and day names are English; the built-in short date (id 14), whose look depends on the
// viewer's locale, is written as ISO 8601. Fractions ("# ?/?") read as decimals.

const BUILT_IN: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  5: '#,##0;-#,##0',
  6: '#,##0;-#,##0',
  7: '#,##0.00;-#,##0.00',
  8: '#,##0.00;-#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'yyyy-mm-dd',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'yyyy-mm-dd h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;(#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;(#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mm:ss.0',
  48: '##0.0E+0',
  49: '@',
};

/** The format code of a built-in id; the East Asian date ids (27-36, 50-58) read as ISO dates. */
export function builtInFormat(id: number): string {
  return BUILT_IN[id] ?? ((id >= 27 && id <= 36) || (id >= 50 && id <= 58) ? 'yyyy-mm-dd' : 'General');
}

type Placeholder = '0' | '#' | '?';
type Token =
  | { kind: 'literal'; text: string }
  | { kind: 'digit'; char: Placeholder }
  | { kind: 'point' | 'comma' | 'percent' | 'general' | 'text' | 'slash' }
  | { kind: 'exponent'; sign: '+' | '-' }
  | { kind: 'date'; code: string }
  | { kind: 'elapsed'; unit: 'h' | 'm' | 's'; width: number }
  | { kind: 'ampm'; short: boolean };

/** Splits a format code at the semicolons that separate its sections (positive; negative; zero; text). */
function sections(code: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < code.length; i++) {
    const char = code[i] as string;
    const closing = char === '"' ? code.indexOf('"', i + 1) : char === '[' ? code.indexOf(']', i) : -2;
    if (closing !== -2) {
      const stop = closing < 0 ? code.length : closing;
      current += code.slice(i, stop + 1);
      i = stop;
    } else if (char === '\\' || char === '_' || char === '*') {
      current += code.slice(i, i + 2);
      i++;
    } else if (char === ';') {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

function tokenize(section: string): Token[] {
  const tokens: Token[] = [];
  const literal = (text: string) => tokens.push({ kind: 'literal', text });
  for (let i = 0; i < section.length; i++) {
    const char = section[i] as string;
    const rest = section.slice(i);
    if (char === '"') {
      const end = section.indexOf('"', i + 1);
      const stop = end < 0 ? section.length : end;
      literal(section.slice(i + 1, stop));
      i = stop;
    } else if (char === '\\') {
      literal(section[i + 1] ?? '');
      i++;
    } else if (char === '_') {
      literal(' ');
      i++;
    } else if (char === '*') {
      i++;
    } else if (char === '[') {
      const end = section.indexOf(']', i);
      const inside = section.slice(i + 1, end < 0 ? section.length : end);
      i = end < 0 ? section.length : end;
      if (/^(h+|m+|s+)$/i.test(inside)) tokens.push({ kind: 'elapsed', unit: inside[0]?.toLowerCase() as 'h' | 'm' | 's', width: inside.length });
      else if (inside.startsWith('$')) literal(inside.slice(1).split('-')[0] ?? '');
      // colours ([Red]), conditions ([<100]) and locales ([$-409]) change nothing in text
    } else if (/^general/i.test(rest)) {
      tokens.push({ kind: 'general' });
      i += 6;
    } else if (/^(am\/pm|a\/p)/i.test(rest)) {
      const short = /^a\/p/i.test(rest);
      tokens.push({ kind: 'ampm', short });
      i += short ? 2 : 4;
    } else if (/^[eE][+-][0#?]/.test(rest)) {
      tokens.push({ kind: 'exponent', sign: rest[1] as '+' | '-' });
      i++;
    } else if (/[ymdhse]/i.test(char)) {
      let end = i;
      while (section[end + 1]?.toLowerCase() === char.toLowerCase()) end++;
      tokens.push({ kind: 'date', code: section.slice(i, end + 1).toLowerCase() });
      i = end;
    } else if (char === '0' || char === '#' || char === '?') tokens.push({ kind: 'digit', char });
    else if (char === '.') tokens.push({ kind: 'point' });
    else if (char === ',') tokens.push({ kind: 'comma' });
    else if (char === '%') tokens.push({ kind: 'percent' });
    else if (char === '@') tokens.push({ kind: 'text' });
    else if (char === '/' && tokens.some((token) => token.kind === 'digit')) tokens.push({ kind: 'slash' });
    else literal(char);
  }
  return tokens;
}

const isDateToken = (token: Token) => token.kind === 'date' || token.kind === 'elapsed' || token.kind === 'ampm';

/** Whether the format shows a date or time, so the number is a day serial. */
export function isDateFormat(code: string): boolean {
  return tokenize(sections(code)[0] ?? '').some(isDateToken);
}

/** Drops float noise: 0.1 + 0.2 reads 0.3, as spreadsheets show it. */
const clean = (value: number) => Number(value.toPrecision(15));

export const formatGeneral = (value: number): string => String(clean(value));

const countDigitsAfter = (tokens: Token[], at: number) => {
  let count = 0;
  while (tokens[at + 1 + count]?.kind === 'digit') count++;
  return count;
};

// Dates ------------------------------------------------------------------------------------------

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_MS = 86_400_000;
const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Serial day number to a UTC date: 1900 system (with its phantom 29 February 1900) or 1904. */
function serialToDate(serial: number, date1904: boolean, keepMilliseconds: boolean): Date {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : serial < 61 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  const ms = serial * DAY_MS;
  return new Date(epoch + (keepMilliseconds ? Math.round(ms) : Math.round(ms / 1000) * 1000));
}

/** "m" is minutes right after an hour or right before seconds; otherwise it is the month. */
function isMinute(tokens: Token[], at: number): boolean {
  const unitNear = (step: number) => {
    for (let i = at + step; i >= 0 && i < tokens.length; i += step) {
      const token = tokens[i] as Token;
      if (token.kind === 'date') return token.code[0];
      if (token.kind === 'elapsed') return token.unit;
    }
    return undefined;
  };
  return unitNear(-1) === 'h' || unitNear(1) === 's';
}

function datePart(code: string, date: Date, tokens: Token[], at: number, twelveHour: boolean): string {
  const letter = code[0];
  const hours = date.getUTCHours();
  if (letter === 'y' || letter === 'e') return letter === 'y' && code.length <= 2 ? pad(date.getUTCFullYear() % 100, 2) : String(date.getUTCFullYear());
  if (letter === 'm' && code.length <= 2 && isMinute(tokens, at)) return pad(date.getUTCMinutes(), code.length);
  if (letter === 'm') {
    const month = date.getUTCMonth();
    const name = MONTHS[month] as string;
    return code.length <= 2 ? pad(month + 1, code.length) : code.length === 3 ? name.slice(0, 3) : code.length === 4 ? name : name.slice(0, 1);
  }
  if (letter === 'd') {
    const name = DAYS[date.getUTCDay()] as string;
    return code.length <= 2 ? pad(date.getUTCDate(), code.length) : code.length === 3 ? name.slice(0, 3) : name;
  }
  if (letter === 'h') return pad(twelveHour ? hours % 12 || 12 : hours, Math.min(code.length, 2));
  if (letter === 's') return pad(date.getUTCSeconds(), Math.min(code.length, 2));
  return '';
}

function formatDate(serial: number, tokens: Token[], date1904: boolean): string {
  const fractionDigits = Math.max(0, ...tokens.map((token, i) => (token.kind === 'point' ? countDigitsAfter(tokens, i) : 0)));
  const date = serialToDate(serial, date1904, fractionDigits > 0);
  const twelveHour = tokens.some((token) => token.kind === 'ampm');
  const totalSeconds = Math.round(serial * 86_400);
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    switch (token.kind) {
      case 'date':
        out += datePart(token.code, date, tokens, i, twelveHour);
        break;
      case 'elapsed':
        out += pad(token.unit === 'h' ? Math.floor(totalSeconds / 3600) : token.unit === 'm' ? Math.floor(totalSeconds / 60) : totalSeconds, token.width);
        break;
      case 'ampm':
        out += (date.getUTCHours() < 12 ? 'AM' : 'PM').slice(0, token.short ? 1 : 2);
        break;
      case 'point': {
        const digits = countDigitsAfter(tokens, i);
        out += digits > 0 ? '.' + pad(date.getUTCMilliseconds(), 3).slice(0, digits) : '.';
        i += digits;
        break;
      }
      case 'literal':
        out += token.text;
        break;
      case 'digit':
        out += token.char === '0' ? '0' : '';
        break;
      case 'comma':
        out += ',';
        break;
      case 'percent':
        out += '%';
        break;
      default:
        break;
    }
  }
  return out;
}

// Numbers ----------------------------------------------------------------------------------------

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Rounds half away from zero in decimal, as spreadsheets do (1.005 to 2 places is 1.01). */
function toFixed(value: number, places: number): string {
  const cleaned = clean(value);
  const shifted = Math.round(Number(`${cleaned}e${places}`));
  return Number.isFinite(shifted) ? Number(`${shifted}e-${places}`).toFixed(places) : cleaned.toFixed(places);
}

const placeholder = (tokens: Token[], at: number) => (tokens[at] as { char: Placeholder }).char;
const emptyPlaceholder = (char: Placeholder) => (char === '0' ? '0' : char === '?' ? ' ' : '');

/**
 * The text each integer placeholder shows. Contiguous placeholders ("#,##0") take the whole number
 * at the first of them; placeholders split by literals ("000-0000") are filled digit by digit from
 * the right, the leftmost taking any digits left over. Key -1: no integer placeholder at all.
 */
function placeIntegerDigits(tokens: Token[], integerDigits: number[], digits: string, grouped: boolean): Map<number, string> {
  const placed = new Map<number, string>();
  const first = integerDigits[0];
  if (first === undefined) return placed.set(-1, digits);
  const interleaved = integerDigits.some((at, k) => k > 0 && tokens.slice((integerDigits[k - 1] as number) + 1, at).some((token) => token.kind === 'literal'));
  if (!interleaved) {
    const minimum = integerDigits.filter((at) => placeholder(tokens, at) === '0').length;
    const whole = digits.padStart(minimum, '0');
    return placed.set(first, grouped ? groupThousands(whole) : whole);
  }
  let remaining = digits;
  for (let k = integerDigits.length - 1; k >= 0; k--) {
    const at = integerDigits[k] as number;
    const take = k === 0 ? remaining : remaining.slice(-1);
    remaining = k === 0 ? '' : remaining.slice(0, -1);
    placed.set(at, take || emptyPlaceholder(placeholder(tokens, at)));
  }
  return placed;
}

function formatNumber(value: number, tokens: Token[]): string {
  if (tokens.some((token) => token.kind === 'slash')) return formatGeneral(value);
  const pointAt = tokens.findIndex((token) => token.kind === 'point');
  const exponentAt = tokens.findIndex((token) => token.kind === 'exponent');
  const integerEnd = pointAt >= 0 ? pointAt : exponentAt >= 0 ? exponentAt : tokens.length;
  const digitIndexes = tokens.flatMap((token, i) => (token.kind === 'digit' ? [i] : []));
  const integerDigits = digitIndexes.filter((i) => i < integerEnd);
  const fractionDigits = digitIndexes.filter((i) => i > integerEnd && (exponentAt < 0 || i < exponentAt));
  const exponentDigits = exponentAt >= 0 ? digitIndexes.filter((i) => i > exponentAt) : [];
  const lastDigit = integerDigits.at(-1) ?? -1;
  const grouped = tokens.some((token, i) => token.kind === 'comma' && i > (integerDigits[0] ?? Infinity) && i < lastDigit);
  // commas right after the last integer digit divide by a thousand each
  let scaleDown = 0;
  for (let i = lastDigit + 1; tokens[i]?.kind === 'comma'; i++) scaleDown++;
  const percents = tokens.filter((token) => token.kind === 'percent').length;
  let scaled = (value * 100 ** percents) / 1000 ** scaleDown;

  let exponentText = '';
  if (exponentAt >= 0) {
    const exponent = scaled === 0 ? 0 : Math.floor(Math.log10(Math.abs(scaled)) - (Math.max(integerDigits.length, 1) - 1));
    scaled /= 10 ** exponent;
    const sign = exponent < 0 ? '-' : (tokens[exponentAt] as { sign: string }).sign === '+' ? '+' : '';
    exponentText = `E${sign}${pad(Math.abs(exponent), exponentDigits.length)}`;
  }

  const [wholePart = '0', fractionPart = ''] = toFixed(scaled, fractionDigits.length).split('.');
  const integerText = placeIntegerDigits(tokens, integerDigits, wholePart === '0' ? '' : wholePart, grouped);
  // trailing zeros shown only for "0" placeholders ("#" drops them, "?" turns them into spaces)
  let fraction = fractionPart;
  for (let k = fractionDigits.length - 1; k >= 0 && fraction.endsWith('0'); k--) {
    if (placeholder(tokens, fractionDigits[k] as number) === '0') break;
    fraction = fraction.slice(0, -1);
  }

  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind === 'literal') out += token.text;
    else if (token.kind === 'percent') out += '%';
    else if (token.kind === 'general') out += formatGeneral(scaled);
    else if (token.kind === 'text') out += formatGeneral(value);
    else if (token.kind === 'digit') out += integerText.get(i) ?? '';
    else if (token.kind === 'point' && i === pointAt) out += (integerText.get(-1) ?? '') + (fraction ? `.${fraction}` : '');
    else if (token.kind === 'exponent') out += exponentText;
  }
  return out;
}

/** The text a spreadsheet shows for a number under a format code. */
export function formatCellNumber(value: number, code: string, date1904 = false): string {
  const parts = sections(code);
  let section = parts[0] ?? 'General';
  let shown = value;
  let sign = '';
  if (value < 0 && parts.length >= 2 && parts[1] !== '') {
    section = parts[1] as string;
    shown = -value;
  } else if (value === 0 && parts.length >= 3 && parts[2] !== '') section = parts[2] as string;
  else if (value < 0) {
    shown = -value;
    sign = '-';
  }
  const tokens = tokenize(section);
  if (tokens.some(isDateToken)) return value < 0 ? formatGeneral(value) : formatDate(value, tokens, date1904);
  if (tokens.every((token) => token.kind === 'general')) return formatGeneral(value);
  const text = formatNumber(shown, tokens);
  return sign && /[1-9]/.test(text) ? sign + text : text;
}
