// Reads measurements out of an interrogation report's laid-out text (issue 15 §2): labels from the
// vocabulary, each value with its unit from the same row or from under a chamber column, the chamber from
// the label itself, a value's own chamber word, the column it stands in, or the section heading above.
// A value whose chamber is not certain is left out: a wrong chamber is worse than a missing value.
// Runs in the scraping worker too: only '.ts' imports, and types alone from elsewhere.

import type {
  LeadChamber,
  PdfScrapeVocabulary,
  ScrapeLabel,
  ScrapeMeasure,
  ScrapeUnit,
} from '@portal/domain';
import {
  type Box,
  boxOf,
  type Cell,
  type Line,
  layOutLines,
  numberOf,
  type PageText,
  SKIPPED_MARKS,
  type Token,
  textOf,
} from './text-layout.ts';

export type ScrapedValue = {
  key: string;
  value: number | string;
  unit: string | null;
  page: number;
  box: Box;
  label: string;
  sourceText: string;
};

type Chamber = LeadChamber | 'V';

/** A recognised label: its measurement, the chamber it names, and the tokens it was read from. */
type LabelMatch = { label: ScrapeLabel; chamber: Chamber | undefined; tokens: Token[]; end: number };
type ValueMatch = {
  readings: { value: number | string; unit: ScrapeUnit | 'status' }[];
  tokens: Token[];
  end: number;
};

const COMPARATORS = new Set(['<', '>', '≤', '≥', '~', '≈', '<=', '>=']);
const RANGE_MARKS = new Set(['-', '–', '—', '/', 'to']);
const COMPOSITE_MARKS = new Set(['@', 'at']);
const NEGATIONS = new Set(['not', 'no', 'until', 'before', 'to', 'from', 'since']);

/** How far (points) a label may sit right of the section heading it belongs under. */
const HEADING_INDENT = 40;

class Reader {
  readonly #vocabulary: PdfScrapeVocabulary;
  /** Label terms as token lists, by first token, longest first. */
  readonly #labels = new Map<string, { terms: string[]; label: ScrapeLabel }[]>();
  readonly #chambers = new Map<string, { terms: string[]; chamber: Chamber; prefixOnly: boolean }[]>();
  readonly #statuses = new Map<string, { terms: string[]; status: string }[]>();
  #hasLeftVentricle = false;
  /** The numbers of charts' axes, which share lines with labels but are no one's value. */
  #axis = new Set<Token>();

  constructor(vocabulary: PdfScrapeVocabulary) {
    this.#vocabulary = vocabulary;
    for (const label of vocabulary.labels) {
      for (const term of label.terms) addTerm(this.#labels, term, { label });
    }
    for (const [term, chamber] of Object.entries(vocabulary.chamberTerms)) {
      addTerm(this.#chambers, term, {
        chamber,
        prefixOnly: vocabulary.prefixOnlyChamberTerms.includes(term),
      });
    }
    for (const [term, status] of Object.entries(vocabulary.batteryStatuses)) {
      addTerm(this.#statuses, term, { status });
    }
  }

  read(pages: readonly PageText[]): ScrapedValue[] {
    const lines = pages.flatMap((page) => layOutLines(page));
    this.#axis = findAxisTokens(lines);
    const leftWords = new Set(this.#vocabulary.leftVentricleWords);
    this.#hasLeftVentricle = lines.some((line) =>
      line.tokens.some((token) => leftWords.has(token.norm) || token.norm.startsWith('lv/')),
    );
    const found: ScrapedValue[] = [];
    const emit = (value: ScrapedValue) => found.push(value);
    let table: Table | undefined;
    let pending: Table | undefined;
    let pendingLooked = 0;
    let headings: Heading[] = [];
    let page = 0;
    for (const [index, line] of lines.entries()) {
      if (line.page !== page) {
        // A table still open at the foot of a page may go on at the top of the next, header repeated or not.
        pending = table && table.rows > 0 ? table : undefined;
        pendingLooked = 0;
        table = undefined;
        headings = [];
        page = line.page;
      }
      const header = this.#tableHeader(line, lines[index + 1]);
      if (header) {
        table = header.table;
        pending = undefined;
        this.#scanFree(line, header.rest, headings, emit);
        continue;
      }
      if (!table && pending) {
        if (this.#fitsAsRow(pending, line)) {
          table = { ...pending, lastBottom: line.top, page: line.page };
          pending = undefined;
        } else if (pendingLooked >= 6 || line.tokens.some((_, at) => this.#labelAt(line.tokens, at))) {
          pending = undefined;
        } else {
          pendingLooked += 1;
        }
      }
      let free = line.cells;
      if (table) {
        const row = this.#readRow(table, line, emit);
        if (row === 'ended') table = undefined;
        else free = row.rest;
      }
      this.#scanFree(line, free, headings, emit);
    }
    // One value per measurement: the first one read.
    const seen = new Set<string>();
    return found.filter((value) => {
      if (seen.has(value.key)) return false;
      seen.add(value.key);
      return true;
    });
  }

  // ——— Matching terms ———

  #labelAt(tokens: readonly Token[], at: number): LabelMatch | undefined {
    // A chamber printed before the label, in the same cell: 'RV Pacing Impedance', 'A Sensing'.
    const prefix = this.#chamberAt(tokens, at, { asPrefix: true });
    if (prefix && tokens[prefix.end]?.cell === tokens[at]?.cell) {
      const rest = this.#plainLabelAt(tokens, prefix.end);
      if (rest && rest.label.chamber === undefined) {
        return { ...rest, chamber: prefix.chamber, tokens: [...prefix.tokens, ...rest.tokens] };
      }
    }
    return this.#plainLabelAt(tokens, at);
  }

  #plainLabelAt(tokens: readonly Token[], at: number): LabelMatch | undefined {
    const match = longestMatch(this.#labels, tokens, at);
    if (!match) return undefined;
    // A one-word label inside a phrase ('Output Voltage', 'Programmed Amplitude') is not this label; it
    // starts its cell, or follows a chamber or a value ('AP 45 % VP 98 %').
    const previous = tokens[at - 1];
    if (
      match.entry.terms.length === 1 &&
      previous !== undefined &&
      previous.cell === tokens[at]?.cell &&
      previous.kind === 'word' &&
      !this.#unitOf(previous) &&
      !this.#chamberAt(tokens, at - 1, { asPrefix: true })
    ) {
      return undefined;
    }
    return {
      label: match.entry.label,
      chamber: match.entry.label.chamber,
      tokens: match.tokens,
      end: match.end,
    };
  }

  #chamberAt(
    tokens: readonly Token[],
    at: number,
    { asPrefix }: { asPrefix: boolean },
  ): { chamber: Chamber; tokens: Token[]; end: number } | undefined {
    const match = longestMatch(this.#chambers, tokens, at);
    if (!match || (match.entry.prefixOnly && !asPrefix)) return undefined;
    // 'A' and 'V' only as the first word of a label; as a label's first word 'VP' or 'AP' is not a prefix.
    if (match.entry.prefixOnly && tokens[at]?.text !== tokens[at]?.text.toUpperCase()) return undefined;
    return { chamber: match.entry.chamber, tokens: match.tokens, end: match.end };
  }

  /** A cell that is a chamber's name, perhaps with 'Lead' or 'Channel': a column header or a heading. */
  #chamberOfCell(cell: Cell): Chamber | undefined {
    // The lead's model may be printed with it: 'Atrial(4574)', 'RV (6935M)' (issue 29 §3).
    const tokens = meaningful(withoutBracketed(cell.tokens));
    const match = this.#chamberAt(tokens, 0, { asPrefix: false });
    if (!match) return undefined;
    const rest = tokens.slice(match.end);
    return rest.every((token) => this.#vocabulary.chamberHeadingWords.includes(token.norm))
      ? match.chamber
      : undefined;
  }

  /** A cell that is a label and nothing else (a unit in brackets aside): a measure column's header. */
  #labelOfCell(cell: Cell): { match: LabelMatch; unit: UnitReading | undefined } | undefined {
    const tokens = meaningful(cell.tokens);
    const match = this.#labelAt(tokens, 0);
    if (!match) return undefined;
    const rest = tokens.slice(match.end);
    if (rest.length === 0) return { match, unit: undefined };
    const unit = rest.length === 1 ? this.#unitOf(rest[0]) : undefined;
    return unit ? { match, unit } : undefined;
  }

  #unitOf(token: Token | undefined): UnitReading | undefined {
    if (!token || token.kind === 'number') return undefined;
    return this.#vocabulary.units[token.norm];
  }

  #statusAt(tokens: readonly Token[], at: number) {
    return longestMatch(this.#statuses, tokens, at);
  }

  /** The chamber a value belongs to, when the places that name one agree; 'ambiguous' when they do not. */
  #chamberFrom(...sources: (Chamber | undefined)[]): LeadChamber | 'ambiguous' | undefined {
    const named = new Set<LeadChamber>();
    for (const source of sources) {
      if (source === undefined) continue;
      if (source === 'V') {
        // 'Ventricular' names the right ventricle only in a report without a left one.
        if (this.#hasLeftVentricle) return 'ambiguous';
        named.add('RV');
      } else {
        named.add(source);
      }
    }
    if (named.size > 1) return 'ambiguous';
    return named.values().next().value;
  }

  // ——— Values ———

  /**
   * A value at `at`: a number and its unit ('456 ohms', '98%', '8 years 3 months'), perhaps with a second
   * after '@' ('0.75 V @ 0.4 ms'), or a battery state. Undefined when there is none; readings empty when
   * there is one that must not be read (a range, a bound, a unit the measurement has no key for).
   */
  #valueAt(
    tokens: readonly Token[],
    at: number,
    fallbackUnit: UnitReading | undefined,
  ): ValueMatch | undefined {
    const first = tokens[at];
    if (!first) return undefined;
    if (first.kind !== 'number') {
      const status = this.#statusAt(tokens, at);
      if (!status) return undefined;
      // A state word ends its cell or stands before another value: 'Battery Status: ERI', not 'ERI reached'.
      const next = tokens[status.end];
      const alone = !next || next.cell !== first.cell || next.kind !== 'word';
      return {
        readings: alone ? [{ value: status.entry.status, unit: 'status' }] : [],
        tokens: status.tokens,
        end: status.end,
      };
    }
    const parts = this.#numberWithUnit(tokens, at, fallbackUnit);
    const before = tokens[at - 1];
    let invalid = parts.invalid || (before !== undefined && COMPARATORS.has(before.norm));
    let end = parts.end;
    const used = [...parts.tokens];
    const readings: ValueMatch['readings'] = [];
    if (parts.unit) readings.push({ value: parts.value, unit: parts.unit });
    else invalid = true;
    // '0.75 V @ 0.4 ms': the threshold's amplitude and its pulse width.
    const mark = tokens[end];
    const second = tokens[end + 1];
    const composite =
      mark !== undefined &&
      (COMPOSITE_MARKS.has(mark.norm) || this.#isThresholdPair(parts.unit, tokens, end)) &&
      second?.kind === 'number' &&
      second.cell === first.cell;
    // '1.500 V (0.40 ms)': the pulse width in brackets after the amplitude (CareLink, issue 29 §3).
    const bracketed =
      !composite &&
      parts.unit === 'V' &&
      mark?.kind === 'number' &&
      mark.cell === first.cell &&
      this.#unitOf(tokens[end + 1])?.unit === 'ms' &&
      mark.bracketed === true;
    if (bracketed && mark) {
      const more = this.#numberWithUnit(tokens, end, undefined);
      used.push(...more.tokens);
      end = more.end;
      if (more.unit && !more.invalid) readings.push({ value: more.value, unit: more.unit });
      else invalid = true;
    } else if (composite && mark && second) {
      const more = this.#numberWithUnit(tokens, end + 1, undefined);
      used.push(mark, ...more.tokens);
      end = more.end;
      if (more.unit && !more.invalid) readings.push({ value: more.value, unit: more.unit });
      else invalid = true;
    }
    return { readings: invalid ? [] : readings, tokens: used, end };
  }

  #numberWithUnit(tokens: readonly Token[], at: number, fallbackUnit: UnitReading | undefined) {
    const first = tokens[at] as Token;
    let value = numberOf(first.text);
    let end = at + 1;
    const used = [first];
    let invalid = false;
    let unit: ScrapeUnit | undefined;
    const next = tokens[end];
    const spelled = next && next.cell === first.cell ? this.#unitOf(next) : undefined;
    if (spelled) {
      unit = spelled.unit;
      value *= spelled.factor;
      used.push(next as Token);
      end += 1;
      // '7 years 3 months'
      const more = tokens[end];
      const moreUnit = tokens[end + 1];
      if (
        spelled.factor === 12 &&
        more?.kind === 'number' &&
        more.cell === first.cell &&
        this.#unitOf(moreUnit)?.unit === 'months' &&
        this.#unitOf(moreUnit)?.factor === 1
      ) {
        value += numberOf(more.text);
        used.push(more, moreUnit as Token);
        end += 2;
      }
    } else if (
      next &&
      next.cell === first.cell &&
      next.kind === 'word' &&
      !this.#startsSomething(tokens, end)
    ) {
      // A unit the vocabulary does not know ('60 bpm', '5 J'): not this measurement's value.
      used.push(next);
      end += 1;
      invalid = true;
    } else {
      unit = fallbackUnit?.unit;
      if (fallbackUnit) value *= fallbackUnit.factor;
    }
    // '2.8-3.5 mV', '456/520': a range or a list, not one value ('1.0 V / 0.4 ms' is a threshold).
    const after = tokens[end];
    if (
      after &&
      RANGE_MARKS.has(after.norm) &&
      tokens[end + 1]?.kind === 'number' &&
      !this.#isThresholdPair(unit, tokens, end)
    ) {
      invalid = true;
      used.push(after);
      end += 1;
    }
    return { value, unit, tokens: used, end, invalid };
  }

  /** '1.0 V / 0.4 ms': an amplitude in volts, a slash, and a pulse width in milliseconds. */
  #isThresholdPair(unit: ScrapeUnit | undefined, tokens: readonly Token[], at: number): boolean {
    return (
      unit === 'V' &&
      tokens[at]?.norm === '/' &&
      tokens[at + 1]?.kind === 'number' &&
      this.#unitOf(tokens[at + 2])?.unit === 'ms'
    );
  }

  /** A token that begins something of its own: a label, a chamber, a battery state, '@'. */
  #startsSomething(tokens: readonly Token[], at: number): boolean {
    return Boolean(
      this.#labelAt(tokens, at) ||
        this.#chamberAt(tokens, at, { asPrefix: false }) ||
        this.#statusAt(tokens, at) ||
        COMPOSITE_MARKS.has(tokens[at]?.norm ?? ''),
    );
  }

  /** The IDCO key and the value as stored, or undefined when the measurement has no such reading. */
  #toValue(
    measure: ScrapeMeasure,
    chamber: LeadChamber | undefined,
    reading: { value: number | string; unit: ScrapeUnit | 'status' },
  ): { key: string; value: number | string; unit: string | null } | undefined {
    const target = measure.keys[reading.unit];
    if (target === undefined) return undefined;
    const key = typeof target === 'string' ? target : chamber ? target[chamber] : undefined;
    if (!key) return undefined;
    const definition = this.#vocabulary.keys[key];
    if (!definition) return undefined;
    if (definition.kind === 'status') {
      return typeof reading.value === 'string' && definition.values.includes(reading.value)
        ? { key, value: reading.value, unit: null }
        : undefined;
    }
    if (typeof reading.value !== 'number' || !Number.isFinite(reading.value)) return undefined;
    const scale = 10 ** definition.decimals;
    const value = Math.round(reading.value * scale) / scale;
    if (value < definition.range.min || value > definition.range.max) return undefined;
    return { key, value, unit: definition.unit };
  }

  /** Turns readings into values for a label in a chamber; a chambered measurement needs a chamber. */
  #emitReadings(
    emit: (value: ScrapedValue) => void,
    measure: ScrapeMeasure,
    chamber: LeadChamber | 'ambiguous' | undefined,
    value: ValueMatch,
    context: { page: number; label: string; sourceText: string },
  ): boolean {
    if (measure.chambered && (chamber === 'ambiguous' || !chamber)) return false;
    let emitted = false;
    for (const reading of value.readings) {
      const stored = this.#toValue(measure, chamber === 'ambiguous' ? undefined : chamber, reading);
      if (!stored) continue;
      emit({
        ...stored,
        page: context.page,
        box: boxOf(value.tokens),
        label: context.label,
        sourceText: context.sourceText,
      });
      emitted = true;
    }
    return emitted;
  }

  // ——— Rows of free text: 'label value unit', several to a line ———

  #scanFree(
    line: Line,
    cells: readonly Cell[],
    headings: Heading[],
    emit: (value: ScrapedValue) => void,
  ): void {
    if (cells.length === 0) return;
    const cellIndexes = new Set(cells.map((cell) => line.cells.indexOf(cell)));
    const tokens = meaningful(
      withoutQualifiers(line.tokens.filter((token) => cellIndexes.has(token.cell) && !this.#axis.has(token))),
    );
    const cellsWithValues = new Set<number>();
    let current:
      | {
          match: LabelMatch;
          measure: ScrapeMeasure;
          context: Chamber | undefined;
          inline: { chamber: Chamber; tokens: Token[] } | undefined;
          unit: UnitReading | undefined;
          done: boolean;
          strayWords: number;
        }
      | undefined;
    for (let at = 0; at < tokens.length; ) {
      const token = tokens[at] as Token;
      const label = this.#labelAt(tokens, at);
      if (label) {
        current = {
          match: label,
          measure: this.#vocabulary.measures[label.label.measure] as ScrapeMeasure,
          context: contextChamber(headings, line, label.tokens[0] as Token),
          inline: undefined,
          unit: undefined,
          done: false,
          strayWords: 0,
        };
        at = label.end;
        continue;
      }
      if (!current || current.done) {
        at += 1;
        continue;
      }
      const inline = this.#chamberAt(tokens, at, { asPrefix: false });
      if (inline) {
        current.inline = { chamber: inline.chamber, tokens: inline.tokens };
        at = inline.end;
        continue;
      }
      const value = this.#valueAt(tokens, at, current.unit ?? bareUnitOf(current.measure));
      const unit = !value && token.kind !== 'number' ? this.#unitOf(token) : undefined;
      if (
        unit &&
        !current.inline &&
        current.strayWords === 0 &&
        tokens[at - 1] === current.match.tokens.at(-1)
      ) {
        // 'Impedance (Ω) 456': the unit printed with the label.
        current.unit = unit;
        at += 1;
        continue;
      }
      if (value) {
        const { match, measure } = current;
        const precededByNegation = tokens.slice(match.end, at).some((between) => NEGATIONS.has(between.norm));
        const chamber = this.#chamberFrom(
          match.chamber,
          current.inline?.chamber ?? (match.chamber ? undefined : current.context),
        );
        const labelText = textOf(match.tokens);
        const sourceTokens = [...match.tokens, ...(current.inline?.tokens ?? []), ...value.tokens];
        if (!precededByNegation) {
          const emitted = this.#emitReadings(emit, measure, chamber, value, {
            page: line.page,
            label: current.inline ? `${labelText} ${textOf(current.inline.tokens)}` : labelText,
            sourceText: textOf(sourceTokens.toSorted((a, b) => a.x0 - b.x0)),
          });
          if (emitted) cellsWithValues.add(token.cell);
        }
        // After a value with its own chamber word, another chamber word and value may follow
        // ('Impedance RA 456 Ω RV 520 Ω'); otherwise the label has had its value. A value in a unit the
        // measurement has not, with another after it, gives way to that one: '4.8 h/d (19.9 %)'.
        const lastUsed = value.tokens.at(-1);
        const otherUnit =
          value.readings.length === 0 &&
          lastUsed?.kind === 'word' &&
          !this.#unitOf(lastUsed) &&
          tokens[value.end]?.kind === 'number' &&
          (tokens[value.end]?.cell === lastUsed.cell || tokens[value.end]?.bracketed === true);
        if (current.inline) current.inline = undefined;
        else if (!otherUnit) current.done = true;
        at = value.end;
        continue;
      }
      if (token.kind === 'word') {
        current.strayWords += 1;
        // A label is followed by its value, perhaps after a word or two ('approx.', 'measured').
        if (current.strayWords > 2 || token.cell !== current.match.tokens.at(-1)?.cell) current.done = true;
      }
      at += 1;
    }
    this.#noteHeadings(line, cells, headings);
  }

  /**
   * Headings in the free cells of a line: a cell without numbers, with no number after it on the line
   * ('RV Lead', 'Battery', 'Arrhythmias'). A chamber's name sets the chamber of the labels under it; any
   * other heading ends the previous one's.
   */
  #noteHeadings(line: Line, cells: readonly Cell[], headings: Heading[]): void {
    const sorted = cells.toSorted((a, b) => a.x0 - b.x0);
    for (const [index, cell] of sorted.entries()) {
      if (cell.tokens.some((token) => token.kind === 'number') || !hasWords(cell)) continue;
      // A label whose value stands in the next cell is not a heading.
      const next = sorted[index + 1]?.tokens.find((token) => !SKIPPED_MARKS.has(token.text));
      if (next && next.kind !== 'word') continue;
      headings.push({ x: cell.x0, top: line.top, chamber: this.#chamberOfCell(cell) });
    }
  }

  // ——— Tables ———

  /**
   * A table's header: chamber names over value columns ('RA  RV  LV', 'Atrial  Right Ventricular') or
   * measurement names over columns with a chamber per row. The columns' header stands right of where the
   * next line's labels begin; a line with a number is not a header.
   */
  #tableHeader(line: Line, next: Line | undefined): { table: Table; rest: Cell[] } | undefined {
    if (!next || next.page !== line.page) return undefined;
    const labelStart = Math.min(...next.cells.map((cell) => cell.x0));
    const chamberCells = line.cells.filter((cell) => this.#chamberOfCell(cell) !== undefined);
    const chambers = new Set(chamberCells.map((cell) => this.#chamberOfCell(cell)));
    const first = chamberCells[0];
    let columns: Column[] | undefined;
    let headerCells: Cell[] = [];
    if (first && chambers.size === chamberCells.length && first.x0 > labelStart + 30) {
      headerCells = chamberCells;
      columns = chamberCells.map((cell) => ({ ...span(cell), chamber: this.#chamberOfCell(cell) }));
    } else {
      const labelCells = line.cells
        .map((cell) => ({ cell, label: this.#labelOfCell(cell) }))
        .filter((entry) => entry.label !== undefined);
      const nextFirst = next.cells[0];
      if (
        labelCells.length >= 2 &&
        nextFirst &&
        this.#chamberOfCell(nextFirst) !== undefined &&
        (labelCells[0]?.cell.x0 ?? 0) > nextFirst.x1
      ) {
        headerCells = labelCells.map((entry) => entry.cell);
        columns = labelCells.map(({ cell, label }) => ({
          ...span(cell),
          label: label?.match,
          unit: label?.unit,
        }));
      }
    }
    if (!columns || columns.length === 0) return undefined;
    const headerStart = Math.min(...headerCells.map((cell) => cell.x0));
    // Numbers among or after the header cells mean a row of values, not a header.
    // (A lead's model in brackets is no value: 'Atrial(4574)   RV(6935M)'.)
    if (withoutBracketed(line.tokens).some((token) => token.kind === 'number' && token.x0 >= headerStart - 1))
      return undefined;
    setBands(columns);
    const table: Table = {
      page: line.page,
      columns,
      lastBottom: line.bottom,
      pitch: line.bottom - line.top,
      rows: 0,
    };
    // The next line must be a row of this table: values under the columns, nothing else there.
    const nextRow = splitRow(table, next);
    const startsWith = (cell: Cell) => meaningful(cell.tokens)[0]?.kind;
    if (
      !nextRow.valueCells.some((entry) => startsWith(entry.cell) === 'number') ||
      nextRow.valueCells.some(
        (entry) => startsWith(entry.cell) === 'word' && !this.#statusAt(meaningful(entry.cell.tokens), 0),
      )
    )
      return undefined;
    return { table, rest: line.cells.filter((cell) => !headerCells.includes(cell)) };
  }

  #fitsAsRow(table: Table, line: Line): boolean {
    const { labelCells, valueCells } = splitRow(table, line);
    if (labelCells.length === 0 || valueCells.length === 0) return false;
    if (!valueCells.some((entry) => entry.cell.tokens.some((token) => token.kind === 'number'))) return false;
    return this.#rowKey(table, labelCells) !== undefined;
  }

  #rowKey(
    table: Table,
    labelCells: readonly Cell[],
  ): { match?: LabelMatch; chamber?: Chamber; unit?: UnitReading; text: string } | undefined {
    const tokens = meaningful(withoutQualifiers(labelCells.flatMap((cell) => cell.tokens)));
    const text = labelCells.map((cell) => cell.text).join(' ');
    if (isChamberColumns(table)) {
      const match = this.#labelAt(tokens, 0);
      if (!match) return undefined;
      const after = tokens[match.end];
      const unit = this.#unitOf(after);
      return { match, ...(unit ? { unit } : {}), text };
    }
    const first = labelCells[0];
    const chamber = first ? this.#chamberOfCell(first) : undefined;
    return chamber ? { chamber, text } : undefined;
  }

  /** One line under a table's header: its label's values column by column; 'ended' when it is not a row. */
  #readRow(table: Table, line: Line, emit: (value: ScrapedValue) => void): 'ended' | { rest: Cell[] } {
    if (line.page !== table.page) return 'ended';
    if (line.top - table.lastBottom > Math.max(3 * table.pitch, 2.5 * line.fontSize)) return 'ended';
    const { labelCells, valueCells, outside } = splitRow(table, line);
    const numbered = valueCells.filter((entry) => entry.cell.tokens.some((token) => token.kind === 'number'));
    // 'Atrial Paced 9.7 %' left of the columns: a line of its own, not a row of the table.
    if (labelCells.some((cell) => cell.tokens.some((token) => token.kind === 'number'))) return 'ended';
    const key = labelCells.length > 0 ? this.#rowKey(table, labelCells) : undefined;
    if (!key && !isChamberColumns(table) && labelCells.length > 0) return 'ended';
    if (!key) {
      // A row whose label is not a measurement ('Pulse Width', 'Polarity: Bipolar'), or a wrapped label's
      // second line of values: nothing read, the table goes on. A line with nothing under the columns, or
      // without words left of them (dates), ends it.
      const wordsOrNone = labelCells.length === 0 || labelCells.some((cell) => hasWords(cell));
      if (valueCells.length > 0 && wordsOrNone) {
        table.lastBottom = line.bottom;
        return { rest: outside };
      }
      return 'ended';
    }
    table.lastBottom = line.bottom;
    // A label with its value beside it, left of the columns ('Battery Voltage 3.01 V'): read as free text.
    if (numbered.length === 0) return { rest: line.cells };
    table.rows += 1;
    const chamberColumns = isChamberColumns(table);
    // A measurement without a chamber in a chamber table (HV impedance, battery) is read when its row
    // holds exactly one value.
    const rowMeasure = key.match ? this.#vocabulary.measures[key.match.label.measure] : undefined;
    if (chamberColumns && rowMeasure && !rowMeasure.chambered && numbered.length !== 1)
      return { rest: outside };
    for (const { cell, column, straddles } of valueCells) {
      if (straddles) continue;
      let tokens = meaningful(cell.tokens);
      const match = chamberColumns ? key.match : column.label;
      if (!match) continue;
      const measure = this.#vocabulary.measures[match.label.measure] as ScrapeMeasure;
      // 'Defibrillation Impedance   RV = 55 Ω': a measurement of no lead channel, its coil named first.
      const named = measure.chambered ? undefined : this.#chamberAt(tokens, 0, { asPrefix: false });
      if (named && tokens[named.end]?.kind === 'number') tokens = tokens.slice(named.end);
      const fallback = (chamberColumns ? key.unit : column.unit) ?? bareUnitOf(measure);
      const value = this.#valueAt(tokens, 0, fallback);
      if (!value) continue;
      // The value's cell names no chamber of its own: '456 Ω', '3.01 V (RRT 2.63 V)', not '456 (RA)'.
      const rest = tokens.slice(value.end);
      if (rest.some((_, index) => this.#chamberAt(rest, index, { asPrefix: false }))) continue;
      const chamber = chamberColumns
        ? this.#chamberFrom(match.chamber, column.chamber)
        : this.#chamberFrom(key.chamber, match.chamber);
      const columnText = column.text;
      this.#emitReadings(emit, measure, chamber, value, {
        page: line.page,
        label: chamberColumns ? `${key.text} (${columnText})` : `${columnText} (${key.text})`,
        sourceText: cell.text,
      });
    }
    return { rest: outside };
  }
}

type UnitReading = { unit: ScrapeUnit; factor: number };
type Heading = { x: number; top: number; chamber: Chamber | undefined };
type Column = {
  text: string;
  x0: number;
  x1: number;
  center: number;
  left: number;
  right: number;
  chamber?: Chamber | undefined;
  label?: LabelMatch | undefined;
  unit?: UnitReading | undefined;
};
type Table = {
  page: number;
  columns: Column[];
  lastBottom: number;
  pitch: number;
  rows: number;
};

const isChamberColumns = (table: Table) => table.columns[0]?.chamber !== undefined;
const hasWords = (cell: Cell) => cell.tokens.some((token) => token.kind === 'word');

function span(cell: Cell) {
  return { x0: cell.x0, x1: cell.x1, center: (cell.x0 + cell.x1) / 2, left: 0, right: 0, text: cell.text };
}

/** Each column's band: to halfway to its neighbours, and as far again past the outer ones. */
function setBands(columns: Column[]): void {
  columns.sort((a, b) => a.center - b.center);
  for (const [index, column] of columns.entries()) {
    const previous = columns[index - 1];
    const next = columns[index + 1];
    const halfBefore = previous ? (column.center - previous.center) / 2 : undefined;
    const halfAfter = next ? (next.center - column.center) / 2 : undefined;
    const reach = halfBefore ?? halfAfter ?? Math.max(column.x1 - column.x0, 40);
    column.left = column.center - (halfBefore ?? reach);
    column.right = column.center + (halfAfter ?? reach);
  }
}

/**
 * A row's cells: the label left of the first column, values by the column their centre falls in (a value
 * reaching well into the next column straddles both and is not read), and cells beyond the last column.
 */
function splitRow(table: Table, line: Line) {
  const first = table.columns[0] as Column;
  const last = table.columns.at(-1) as Column;
  const labelCells: Cell[] = [];
  const valueCells: { cell: Cell; column: Column; straddles: boolean }[] = [];
  const outside: Cell[] = [];
  for (const cell of line.cells) {
    const center = (cell.x0 + cell.x1) / 2;
    if (cell.x0 < first.left) {
      labelCells.push(cell);
      continue;
    }
    const byBand = table.columns.find((each) => center >= each.left && center < each.right);
    if (!byBand || center >= last.right) {
      outside.push(cell);
      continue;
    }
    // Under the header it overlaps (values are aligned left, right or centred on their header); under
    // two headers, it is not read.
    const under = table.columns.filter((each) => cell.x0 < each.x1 + 2 && cell.x1 > each.x0 - 2);
    if (under.length > 0) {
      valueCells.push({ cell, column: under[0] as Column, straddles: under.length > 1 });
      continue;
    }
    const width = cell.x1 - cell.x0;
    const intoNeighbours = table.columns
      .filter((each) => each !== byBand)
      .reduce(
        (sum, each) => sum + Math.max(0, Math.min(cell.x1, each.right) - Math.max(cell.x0, each.left)),
        0,
      );
    valueCells.push({ cell, column: byBand, straddles: width > 0 && intoNeighbours / width > 0.3 });
  }
  return { labelCells, valueCells, outside };
}

/** The chamber of the section a label sits in: the latest heading above it whose left edge it is under. */
function contextChamber(headings: readonly Heading[], line: Line, first: Token): Chamber | undefined {
  for (let index = headings.length - 1; index >= 0; index--) {
    const heading = headings[index] as Heading;
    if (heading.top >= line.top) continue;
    if (first.x0 >= heading.x - 8 && first.x0 <= heading.x + HEADING_INDENT) return heading.chamber;
  }
  return undefined;
}

function bareUnitOf(measure: ScrapeMeasure): UnitReading | undefined {
  return measure.bareUnit ? { unit: measure.bareUnit, factor: 1 } : undefined;
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** How many numbers in a column, evenly stepped, make a chart's axis. */
const AXIS_TICKS = 4;

/**
 * The tick labels of charts printed beside a list (Medtronic's Cardiac Compass trends: '>5 4 3 2 1',
 * '60 50 40 30'): numbers alone in their cell, one above the other at the same left or right edge, at
 * least AXIS_TICKS of them, each a constant step from the one above. Their lines may hold a label whose
 * value is missing ('AT/AF(Monitor)  4'); the tick must not be read as its value (issue 29 §3).
 */
function findAxisTokens(lines: readonly Line[]): Set<Token> {
  const axis = new Set<Token>();
  const byPage = groupBy(lines, (line) => line.page);
  for (const pageLines of byPage.values()) {
    const alone: Token[] = [];
    for (const line of pageLines) {
      for (const cell of line.cells) {
        const numbers = meaningful(cell.tokens).filter((token) => !COMPARATORS.has(token.norm));
        if (numbers.length === 1 && numbers[0]?.kind === 'number') alone.push(numbers[0]);
      }
    }
    for (const edge of ['x0', 'x1'] as const) {
      const columns = groupBy(alone, (token) => Math.round(token[edge] / 3));
      for (const column of columns.values()) {
        const ticks = column.toSorted((a, b) => a.top - b.top);
        let run: Token[] = [];
        const close = () => {
          if (run.length >= AXIS_TICKS) for (const token of run) axis.add(token);
        };
        for (const tick of ticks) {
          const [before, last] = [run.at(-2), run.at(-1)];
          const step = last && before ? Number(last.text) - Number(before.text) : undefined;
          if (!last || (step === undefined && Number(tick.text) !== Number(last.text))) run.push(tick);
          else if (step !== undefined && step !== 0 && Number(tick.text) - Number(last.text) === step)
            run.push(tick);
          else {
            close();
            run = [last, tick].filter((token) => Number(token.text) !== Number(tick.text) || token === tick);
          }
        }
        close();
      }
    }
  }
  return axis;
}

/** Words in a bracketed group that qualify a label, not give a value: '(>4 beats, >182 bpm)', '(140-182 bpm)'. */
const QUALIFIER_WORDS = new Set([
  'bpm',
  'beats',
  'beat',
  'min',
  '>',
  '<',
  '≥',
  '≤',
  'monitor',
  'off',
  'モニタ',
]);

/**
 * The tokens without bracketed qualifiers of a label: 'VT-NS (>4 beats, >182 bpm)  8' reads as 'VT-NS 8'.
 * A group holding a value or a chamber ('(0.0 %)', '(RV)') stays.
 */
function withoutQualifiers(tokens: readonly Token[]): Token[] {
  const kept: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (token.text === '(') {
      const close = tokens.findIndex(
        (each, at) => at > index && each.text === ')' && each.cell === token.cell,
      );
      const inside = close > index ? tokens.slice(index + 1, close) : [];
      if (inside.some((each) => QUALIFIER_WORDS.has(each.norm))) {
        index = close;
        continue;
      }
    }
    kept.push(token);
  }
  return kept;
}

/** The tokens outside brackets: '(4574)' and '[6935M]' left out, the brackets too. */
function withoutBracketed(tokens: readonly Token[]): Token[] {
  const kept: Token[] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token.text === '(' || token.text === '[') depth += 1;
    else if ((token.text === ')' || token.text === ']') && depth > 0) depth -= 1;
    else if (depth === 0) kept.push(token);
  }
  return kept;
}

/** Tokens a reader looks at: punctuation such as ':' and brackets left out. */
function meaningful(tokens: readonly Token[]): Token[] {
  return tokens.filter((token) => !SKIPPED_MARKS.has(token.text));
}

function termTokens(term: string): string[] {
  return term.split(/\s+/).filter(Boolean);
}

function addTerm<T>(index: Map<string, ({ terms: string[] } & T)[]>, term: string, entry: T): void {
  const terms = termTokens(term.toLowerCase());
  const first = terms[0];
  if (first === undefined) return;
  const list = index.get(first) ?? [];
  list.push({ terms, ...entry });
  list.sort((a, b) => b.terms.length - a.terms.length);
  index.set(first, list);
}

/** The longest term starting at `at`, its words in one cell or in cells next to each other. */
function longestMatch<T>(
  index: Map<string, ({ terms: string[] } & T)[]>,
  tokens: readonly Token[],
  at: number,
): { entry: { terms: string[] } & T; tokens: Token[]; end: number } | undefined {
  const first = tokens[at];
  if (!first) return undefined;
  const candidates = index.get(first.norm);
  if (!candidates) return undefined;
  for (const entry of candidates) {
    const matched: Token[] = [];
    let ok = true;
    for (const [offset, term] of entry.terms.entries()) {
      const token = tokens[at + offset];
      if (!token || token.norm !== term || token.cell !== first.cell) {
        ok = false;
        break;
      }
      matched.push(token);
    }
    if (ok) return { entry, tokens: matched, end: at + entry.terms.length };
  }
  return undefined;
}

/** The measurements printed on the pages, with where each was read. */
export function readMeasurements(
  pages: readonly PageText[],
  vocabulary: PdfScrapeVocabulary,
): ScrapedValue[] {
  return new Reader(vocabulary).read(pages);
}
