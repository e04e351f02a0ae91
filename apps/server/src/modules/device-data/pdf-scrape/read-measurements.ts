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
  readonly #trendTerms = new Map<string, { terms: string[]; current: boolean }[]>();
  readonly #sessionDateTerms = new Map<string, { terms: string[] }[]>();
  /** The date the printout says its session was, as printed ('Date of Visit: 13/Nov/2025'). */
  #sessionDate: string | undefined;
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
    for (const term of vocabulary.trendColumns.current) addTerm(this.#trendTerms, term, { current: true });
    for (const term of vocabulary.trendColumns.past) addTerm(this.#trendTerms, term, { current: false });
    for (const term of vocabulary.trendColumns.sessionDate) addTerm(this.#sessionDateTerms, term, {});
  }

  read(pages: readonly PageText[]): ScrapedValue[] {
    const lines = pages.flatMap((page) => layOutLines(page));
    this.#axis = findAxisTokens(lines);
    this.#sessionDate = this.#findSessionDate(lines);
    const leftWords = new Set(this.#vocabulary.leftVentricleWords);
    this.#hasLeftVentricle = lines.some((line) =>
      line.tokens.some((token) => leftWords.has(token.norm) || token.norm.startsWith('lv/')),
    );
    const found: ScrapedValue[] = [];
    const emit = (value: ScrapedValue) => found.push(value);
    // The tables open on the page: one, or several side by side (issue 29 §3), each over its own region.
    let tables: Table[] = [];
    let pending: Table | undefined;
    let pendingLooked = 0;
    let headings: Heading[] = [];
    let page = 0;
    // The second line of a header printed on two lines, already read with the first.
    let headerContinuation = -1;
    for (const [index, line] of lines.entries()) {
      if (index === headerContinuation) continue;
      if (line.page !== page) {
        // A table still open at the foot of a page may go on at the top of the next, header repeated or not.
        const [only] = tables;
        pending = tables.length === 1 && only && only.rows > 0 ? only : undefined;
        pendingLooked = 0;
        tables = [];
        headings = [];
        page = line.page;
      }
      let header = this.#tableHeader(line, lines[index + 1]);
      // A header on two lines: the chambers, then under them the leads' models or the rest of their
      // names ('Atrial  RV' over '(5076)  (6935M)'; 'Atrial  Right' over 'Lead  Ventricular Lead').
      const next = lines[index + 1];
      const stacked = !header && next ? stackHeaderLines(line, next) : undefined;
      if (stacked) {
        header = this.#tableHeader(stacked, lines[index + 2]);
        if (header) headerContinuation = index + 1;
      }
      if (header) {
        tables = header.tables;
        pending = undefined;
        this.#scanFree(line, header.rest, headings, emit);
        continue;
      }
      if (tables.length === 0 && pending) {
        if (this.#fitsAsRow(pending, line)) {
          tables = [{ ...pending, lastBottom: line.top, page: line.page }];
          pending = undefined;
        } else if (pendingLooked >= 6 || line.tokens.some((_, at) => this.#labelAt(line.tokens, at))) {
          pending = undefined;
        } else {
          pendingLooked += 1;
        }
      }
      let free = line.cells;
      if (tables.length > 0) {
        const rest = new Set<Cell>(
          line.cells.filter((cell) => !tables.some((table) => inRegion(table, cell))),
        );
        const open: Table[] = [];
        for (const table of tables) {
          const own = line.cells.filter((cell) => inRegion(table, cell));
          const row = this.#readRow(table, { ...line, cells: own }, headings, emit);
          for (const cell of row === 'ended' ? own : row.rest) rest.add(cell);
          if (row !== 'ended') open.push(table);
        }
        tables = open;
        free = line.cells.filter((cell) => rest.has(cell));
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
   * A table's header: chamber names over value columns ('RA  RV  LV', 'Atrial  Right Ventricular'), perhaps
   * twice side by side with labels between ('RA RV ... RA RV', issue 29 §3); measurement names over columns
   * with a chamber per row; or a trend's sessions over columns (dates, 'Implant', 'Most Recent'). The
   * columns' header stands right of where the next line's labels begin; a line with a number is not a
   * header of chambers or measurements.
   */
  #tableHeader(line: Line, next: Line | undefined): { tables: Table[]; rest: Cell[] } | undefined {
    if (!next || next.page !== line.page) return undefined;
    const labelStart = Math.min(...next.cells.map((cell) => cell.x0));
    const chamberCells = line.cells.filter((cell) => this.#chamberOfCell(cell) !== undefined);
    const first = chamberCells[0];
    let panels: { kind: Table['kind']; columns: Column[] }[] = [];
    let headerCells: Cell[] = [];
    if (first && first.x0 > labelStart + 30) {
      // A chamber named again starts another table beside the first.
      const groups: Cell[][] = [];
      for (const cell of chamberCells) {
        const group = groups.at(-1);
        const chamber = this.#chamberOfCell(cell);
        if (group && !group.some((each) => this.#chamberOfCell(each) === chamber)) group.push(cell);
        else groups.push([cell]);
      }
      headerCells = chamberCells;
      panels = groups.map((group) => ({
        kind: 'chambers',
        columns: group.map((cell) => ({ ...span(cell), chamber: this.#chamberOfCell(cell) })),
      }));
    }
    if (panels.length === 0) {
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
        panels = [
          {
            kind: 'measures',
            columns: labelCells.map(({ cell, label }) => ({
              ...span(cell),
              label: label?.match,
              unit: label?.unit,
            })),
          },
        ];
      }
    }
    if (panels.length === 0) return this.#trendHeader(line, next, labelStart);
    const headerStart = Math.min(...headerCells.map((cell) => cell.x0));
    // Numbers among or after the header cells mean a row of values, not a header.
    // (A lead's model in brackets is no value: 'Atrial(4574)   RV(6935M)'.)
    if (withoutBracketed(line.tokens).some((token) => token.kind === 'number' && token.x0 >= headerStart - 1))
      return undefined;
    const tables = this.#sideBySide(line, next, panels);
    if (!tables) return undefined;
    return { tables, rest: line.cells.filter((cell) => !headerCells.includes(cell)) };
  }

  /**
   * Tables for the header's panels, each over its region of the line: a table beside another begins where
   * the next line's labels between them begin. Undefined when the next line is not a row of each.
   */
  #sideBySide(
    line: Line,
    next: Line,
    panels: { kind: Table['kind']; columns: Column[] }[],
  ): Table[] | undefined {
    const tables: Table[] = [];
    for (const [index, panel] of panels.entries()) {
      let labelFrom = Number.NEGATIVE_INFINITY;
      const previous = panels[index - 1]?.columns.at(-1);
      if (previous) {
        const start = panel.columns[0]?.x0 ?? 0;
        const labels = next.cells.filter(
          (cell) => cell.x0 > previous.x1 && cell.x1 < start && hasWords(cell) && !hasNumbers(cell),
        );
        if (labels.length === 0) return undefined;
        labelFrom = Math.min(...labels.map((cell) => cell.x0));
      }
      setBands(panel.columns);
      const table: Table = {
        kind: panel.kind,
        page: line.page,
        columns: panel.columns,
        lastBottom: line.bottom,
        pitch: line.bottom - line.top,
        rows: 0,
        labelFrom,
        labelTo: Number.POSITIVE_INFINITY,
      };
      const before = tables.at(-1);
      if (before) {
        before.labelTo = labelFrom;
        const last = before.columns.at(-1) as Column;
        last.right = Math.min(last.right, labelFrom);
      }
      tables.push(table);
    }
    // The next line must be a row of each table: values under the columns, nothing else there.
    for (const table of tables) {
      const own = next.cells.filter((cell) => inRegion(table, cell));
      const nextRow = splitRow(table, { ...next, cells: own });
      const startsWith = (cell: Cell) => meaningful(cell.tokens)[0]?.kind;
      if (
        !nextRow.valueCells.some((entry) => startsWith(entry.cell) === 'number') ||
        nextRow.valueCells.some(
          (entry) => startsWith(entry.cell) === 'word' && !this.#statusAt(meaningful(entry.cell.tokens), 0),
        )
      )
        return undefined;
    }
    return tables;
  }

  /** The session's date as the printout prints it after its label, on its first page or two. */
  #findSessionDate(lines: readonly Line[]): string | undefined {
    for (const line of lines) {
      if (line.page > 2) return undefined;
      const tokens = line.tokens;
      for (let at = 0; at < tokens.length; at++) {
        const label = longestMatch(this.#sessionDateTerms, tokens, at);
        if (!label) continue;
        // The date: the longest run of the next few tokens that reads as one ('13/Nov/2025, 9:16 am').
        const after = tokens.slice(label.end).filter((token) => token.text !== ':');
        for (let length = Math.min(after.length, 7); length > 0; length--) {
          const text = textOf(after.slice(0, length));
          if (datesOf(text)) return text;
        }
      }
    }
    return undefined;
  }

  /** What a trend column's header says: the current session, a past one, or a date (sortable). */
  #trendColumnOf(cell: Cell): { current: boolean } | { date: string } | undefined {
    const tokens = meaningful(cell.tokens);
    const term = longestMatch(this.#trendTerms, tokens, 0);
    if (term) {
      // The term alone, or with the session's date: 'Last Session 05/02/2025', 'Current (06/02/2025)'.
      const rest = cell.tokens.slice(cell.tokens.indexOf(term.tokens.at(-1) as Token) + 1);
      const after = textOf(rest.filter((token) => token.text !== '(' && token.text !== ')'));
      return after === '' || datesOf(after) ? { current: term.entry.current } : undefined;
    }
    return datesOf(cell.text) ? { date: cell.text } : undefined;
  }

  /**
   * A trend table's header (issue 29 §3): over the values, one column per session, each a date or a word
   * saying which ('Implant', 'Last Session', 'Most Recent'); at least two, of different sessions. Its rows
   * give the value of the current column ('Most Recent', 'This Session'), else of the latest date; of
   * none when the header does not say which is current (a value of another session is worse than none).
   */
  #trendHeader(line: Line, next: Line, labelStart: number): { tables: Table[]; rest: Cell[] } | undefined {
    const headerCells = line.cells.filter((cell) => cell.x0 > labelStart + 30);
    const leftCells = line.cells.filter((cell) => !headerCells.includes(cell));
    if (headerCells.length < 2) return undefined;
    if (
      leftCells.some(
        (cell) => hasNumbers(cell) || meaningful(cell.tokens).some((_, at, all) => this.#labelAt(all, at)),
      )
    )
      return undefined;
    const sessions = headerCells.map((cell) => this.#trendColumnOf(cell));
    if (sessions.some((session) => session === undefined)) return undefined;
    const dated = sessions.filter(
      (session): session is { date: string } => session !== undefined && 'date' in session,
    );
    const order = dateOrders(dated.map((session) => session.date));
    if (!order || new Set(order).size !== order.length) return undefined;
    const currents = sessions.filter((session) => session && 'current' in session && session.current);
    // The printout's own session date, read in the same order of day and month as the columns' dates.
    const withSession = this.#sessionDate
      ? dateOrders([...dated.map((session) => session.date), this.#sessionDate])
      : undefined;
    const sessionColumn = withSession ? withSession.indexOf(withSession.at(-1) as number) : -1;
    let chosen: number | undefined;
    if (currents.length === 1) chosen = sessions.indexOf(currents[0]);
    else if (currents.length === 0 && sessionColumn >= 0 && sessionColumn < dated.length)
      chosen = sessions.indexOf(dated[sessionColumn]);
    else if (currents.length === 0 && order.length > 0) {
      const latest = Math.max(...order);
      chosen = sessions.indexOf(dated[order.indexOf(latest)]);
    }
    const columns: Column[] = headerCells.map((cell, index) => ({ ...span(cell), skip: index !== chosen }));
    setBands(columns);
    const table: Table = {
      kind: 'trend',
      page: line.page,
      columns,
      lastBottom: line.bottom,
      pitch: line.bottom - line.top,
      rows: 0,
      labelFrom: Number.NEGATIVE_INFINITY,
      labelTo: Number.POSITIVE_INFINITY,
    };
    // The next line is a row: a label, and values under two columns or more.
    const nextRow = splitRow(table, next);
    const numbered = nextRow.valueCells.filter((entry) => hasNumbers(entry.cell));
    if (numbered.length < 2 || !this.#rowKey(table, nextRow.labelCells)) return undefined;
    return { tables: [table], rest: leftCells };
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
    if (table.kind !== 'measures') {
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
  #readRow(
    table: Table,
    line: Line,
    headings: readonly Heading[],
    emit: (value: ScrapedValue) => void,
  ): 'ended' | { rest: Cell[] } {
    if (line.page !== table.page) return 'ended';
    if (line.top - table.lastBottom > Math.max(3 * table.pitch, 2.5 * line.fontSize)) return 'ended';
    const { labelCells, valueCells, outside } = splitRow(table, line);
    const numbered = valueCells.filter((entry) => entry.cell.tokens.some((token) => token.kind === 'number'));
    // 'Atrial Paced 9.7 %' left of the columns: a line of its own, not a row of the table.
    if (labelCells.some((cell) => cell.tokens.some((token) => token.kind === 'number'))) return 'ended';
    const key = labelCells.length > 0 ? this.#rowKey(table, labelCells) : undefined;
    if (!key && table.kind === 'measures' && labelCells.length > 0) return 'ended';
    if (!key) {
      // A trend goes on under a chamber's heading of its own ('RV Lead'): its rows are that chamber's.
      const [only] = labelCells;
      if (
        table.kind === 'trend' &&
        valueCells.length === 0 &&
        labelCells.length === 1 &&
        only &&
        this.#chamberOfCell(only) !== undefined
      ) {
        table.lastBottom = line.bottom;
        return { rest: line.cells };
      }
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
    const chamberColumns = table.kind === 'chambers';
    const trend = table.kind === 'trend';
    // A trend row's chamber: its label's, or the section's ('RV Lead' above 'Pace Impedance').
    const firstLabel = meaningful(labelCells.flatMap((cell) => cell.tokens))[0];
    const section = trend && firstLabel ? contextChamber(headings, line, firstLabel) : undefined;
    // A measurement without a chamber in a chamber table (HV impedance, battery) is read when its row
    // holds exactly one value.
    const rowMeasure = key.match ? this.#vocabulary.measures[key.match.label.measure] : undefined;
    if (chamberColumns && rowMeasure && !rowMeasure.chambered && numbered.length !== 1)
      return { rest: outside };
    for (const { cell, column, straddles } of valueCells) {
      // Another session's value in a trend is no one's (nor read as free text).
      if (straddles || column.skip) continue;
      let tokens = meaningful(cell.tokens);
      const match = table.kind === 'measures' ? column.label : key.match;
      if (!match) continue;
      const measure = this.#vocabulary.measures[match.label.measure] as ScrapeMeasure;
      // 'Defibrillation Impedance   RV = 55 Ω': a measurement of no lead channel, its coil named first.
      const named = measure.chambered ? undefined : this.#chamberAt(tokens, 0, { asPrefix: false });
      if (named && tokens[named.end]?.kind === 'number') tokens = tokens.slice(named.end);
      const fallback = (table.kind === 'measures' ? column.unit : key.unit) ?? bareUnitOf(measure);
      const value = this.#valueAt(tokens, 0, fallback);
      if (!value) continue;
      // The value's cell names no chamber of its own: '456 Ω', '3.01 V (RRT 2.63 V)', not '456 (RA)'.
      const rest = tokens.slice(value.end);
      if (rest.some((_, index) => this.#chamberAt(rest, index, { asPrefix: false }))) continue;
      const chamber = chamberColumns
        ? this.#chamberFrom(match.chamber, column.chamber)
        : trend
          ? this.#chamberFrom(match.chamber ?? section)
          : this.#chamberFrom(key.chamber, match.chamber);
      const columnText = column.text;
      this.#emitReadings(emit, measure, chamber, value, {
        page: line.page,
        label: table.kind === 'measures' ? `${columnText} (${key.text})` : `${key.text} (${columnText})`,
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
  /** A trend's column of another session than the current one: its values are not read. */
  skip?: boolean | undefined;
};
type Table = {
  /** Chambers over the columns, measurements over them (a chamber per row), or a trend's sessions. */
  kind: 'chambers' | 'measures' | 'trend';
  page: number;
  columns: Column[];
  lastBottom: number;
  pitch: number;
  rows: number;
  /** Its region of a line (tables side by side): cells starting from `labelFrom`, before `labelTo`. */
  labelFrom: number;
  labelTo: number;
};

/**
 * Two lines read as one header: each cell of the second under a cell of the first, joined to it; none of
 * them a value (a number only in brackets: a lead's model). Undefined when the second line is not that.
 */
function stackHeaderLines(line: Line, next: Line): Line | undefined {
  if (next.page !== line.page || next.top - line.bottom > line.bottom - line.top) return undefined;
  if (withoutBracketed(line.tokens).some((token) => token.kind === 'number')) return undefined;
  const joined = line.cells.map((cell) => ({ ...cell, tokens: [...cell.tokens] }));
  for (const cell of next.cells) {
    if (withoutBracketed(cell.tokens).some((token) => token.kind === 'number')) return undefined;
    const above = joined.filter((each) => cell.x0 < each.x1 + 2 && cell.x1 > each.x0 - 2);
    const [only] = above;
    if (above.length !== 1 || !only) return undefined;
    only.tokens.push(...cell.tokens);
    only.x0 = Math.min(only.x0, cell.x0);
    only.x1 = Math.max(only.x1, cell.x1);
    only.bottom = Math.max(only.bottom, cell.bottom);
  }
  const cells: Cell[] = joined.map((cell, index) => {
    const tokens = cell.tokens.map((token) => ({ ...token, cell: index }));
    return { ...cell, tokens, text: textOf(tokens) };
  });
  return { ...line, bottom: next.bottom, cells, tokens: cells.flatMap((cell) => cell.tokens) };
}

const hasWords = (cell: Cell) => cell.tokens.some((token) => token.kind === 'word');
const hasNumbers = (cell: Cell) => cell.tokens.some((token) => token.kind === 'number');
const inRegion = (table: Table, cell: Cell) => cell.x0 >= table.labelFrom && cell.x0 < table.labelTo;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A printed date's parts, year, month and day, as the text gives them: '2025-06-02', '06/02/2025' (month or
 * day first: both kept), '02.06.2025', '2 Jun 2025', '02/Jun/2025', 'Jun 2, 2025', 'Jun 2025', '2025年6月2日'.
 */
function datesOf(
  text: string,
): { year: number; first: number; second: number; named: boolean; dotted: boolean } | undefined {
  const clean = text.trim().toLowerCase();
  const fullYear = (year: string) => (year.length === 2 ? 2000 + Number(year) : Number(year));
  let match = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(clean);
  if (match)
    return {
      year: Number(match[1]),
      first: Number(match[2]),
      second: Number(match[3]),
      named: true,
      dotted: false,
    };
  match = /^(\d{1,2})\s*([-/.])\s*(\d{1,2})\s*[-/.]\s*(\d{4}|\d{2})$/.exec(clean);
  if (match)
    return {
      year: fullYear(match[4] as string),
      first: Number(match[1]),
      second: Number(match[3]),
      named: false,
      dotted: match[2] === '.',
    };
  match = /^(\d{1,2})\s*[-/ ]?\s*([a-z]{3})[a-z]*\.?\s*[-/ ]?\s*(\d{4})$/.exec(clean);
  if (match && MONTHS.includes(match[2] as string))
    return {
      year: Number(match[3]),
      first: MONTHS.indexOf(match[2] as string) + 1,
      second: Number(match[1]),
      named: true,
      dotted: false,
    };
  match = /^([a-z]{3})[a-z]*\.?\s*(\d{1,2})?\s*,?\s*(\d{4})$/.exec(clean);
  if (match && MONTHS.includes(match[1] as string))
    return {
      year: Number(match[3]),
      first: MONTHS.indexOf(match[1] as string) + 1,
      second: Number(match[2] ?? 1),
      named: true,
      dotted: false,
    };
  return undefined;
}

/**
 * The printed dates as numbers that sort as the dates do (yyyymmdd); undefined when one is no date. Dates
 * written with numbers only are read month first (US), unless one of them cannot be, or they are dotted
 * (day first, as Europe writes them).
 */
function dateOrders(texts: readonly string[]): number[] | undefined {
  const dates = texts.map(datesOf);
  if (dates.some((date) => date === undefined)) return undefined;
  const valid = (month: number, day: number) => month >= 1 && month <= 12 && day >= 1 && day <= 31;
  const dayFirst = dates.some(
    (date) => date && !date.named && (date.dotted || !valid(date.first, date.second)),
  );
  const orders: number[] = [];
  for (const date of dates) {
    if (!date) return undefined;
    const [month, day] = date.named || !dayFirst ? [date.first, date.second] : [date.second, date.first];
    if (!valid(month, day)) return undefined;
    orders.push(date.year * 10_000 + month * 100 + day);
  }
  return orders;
}

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
