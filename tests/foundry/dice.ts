/**
 * `Roll` with scripted dice. Follows the parts of v13's `client/dice/roll.mjs` our code uses: `evaluate()`
 * resolves a formula of dice terms (`NdF`) and numbers joined by `+`/`-`, `total`, `dice[].results[{result,
 * active}]`, `formula`, `options` (the constructor's third argument, kept by `toJSON()` and restored by `fromData()`
 * as `new this(formula, data, options)`: client/dice/roll.mjs, search id 16152615700), `toJSON()`/`fromData()` (a
 * ChatMessage stores its rolls as JSON strings), and
 * `toMessage(data, {rollMode, create})`, which applies the roll mode and creates the ChatMessage
 * (`ChatMessage.applyRollMode`). A die's face comes from the table's script: a scenario says which numbers the dice
 * show, in order; a die rolled with no number scripted fails the test, so no scenario depends on chance.
 */

const script: number[] = [];
export const rolled: { formula: string; results: number[] }[] = [];

/** Queue die faces, in the order they will be rolled (across every client). */
export function scriptDice(...faces: number[]): void {
  script.push(...faces);
}

export function pendingDice(): readonly number[] {
  return script;
}

export function clearDice(): void {
  script.length = 0;
  rolled.length = 0;
}

interface DieResult {
  result: number;
  active: boolean;
}

export class Die {
  constructor(
    readonly number: number,
    readonly faces: number,
    readonly results: DieResult[] = [],
  ) {}
  get total(): number {
    return this.results.filter((r) => r.active).reduce((s, r) => s + r.result, 0);
  }
  get expression(): string {
    return `${this.number}d${this.faces}`;
  }
}

type Term = Die | { sign: 1 | -1; value: number } | { sign: 1 | -1; die: Die };

const TERM = /([+-]?)\s*(?:(\d*)d(\d+)|(\d+))/gy;

function parse(formula: string): { sign: 1 | -1; die?: Die; value?: number }[] {
  const src = formula.replace(/\s+/g, "");
  if (!src) throw new Error(`Unresolved StringTerm  requested for evaluation`);
  const out: { sign: 1 | -1; die?: Die; value?: number }[] = [];
  TERM.lastIndex = 0;
  let pos = 0;
  while (pos < src.length) {
    TERM.lastIndex = pos;
    const m = TERM.exec(src);
    if (!m || m.index !== pos || m[0] === "") {
      // v13 RollParser leaves what it cannot read as a StringTerm, which throws when evaluated.
      throw new Error(`Unresolved StringTerm ${src.slice(pos)} requested for evaluation`);
    }
    const sign = m[1] === "-" ? -1 : 1;
    if (m[3]) out.push({ sign, die: new Die(Number(m[2] || 1), Number(m[3])) });
    else out.push({ sign, value: Number(m[4]) });
    pos = TERM.lastIndex;
  }
  return out;
}

export class Roll {
  readonly formula: string;
  readonly terms: Term[] = [];
  _evaluated = false;
  _total: number | undefined;
  readonly data: Record<string, unknown>;
  readonly options: Record<string, unknown>;

  constructor(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
    this.formula = String(formula).trim();
    this.data = data;
    this.options = options;
  }

  get total(): number | undefined {
    return this._total;
  }

  get dice(): Die[] {
    return this.terms.filter((t): t is { sign: 1 | -1; die: Die } => "die" in t).map((t) => t.die);
  }

  get isDeterministic(): boolean {
    return this.dice.length === 0;
  }

  async evaluate(): Promise<this> {
    return this.evaluateSync();
  }

  evaluateSync(): this {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated.`);
    const parts = parse(this.formula);
    let total = 0;
    const faces: number[] = [];
    for (const p of parts) {
      if (p.die) {
        for (let i = 0; i < p.die.number; i++) {
          const face = script.shift();
          if (face === undefined)
            throw new Error(`No die face scripted for ${this.formula} (die ${i + 1} of ${p.die.expression})`);
          if (face < 1 || face > p.die.faces)
            throw new Error(`Scripted face ${face} is not on a d${p.die.faces} (${this.formula})`);
          p.die.results.push({ result: face, active: true });
          faces.push(face);
        }
        this.terms.push({ sign: p.sign, die: p.die });
        total += p.sign * p.die.total;
      } else {
        this.terms.push({ sign: p.sign, value: p.value ?? 0 });
        total += p.sign * (p.value ?? 0);
      }
    }
    rolled.push({ formula: this.formula, results: faces });
    this._total = total;
    this._evaluated = true;
    return this;
  }

  toJSON(): Record<string, unknown> {
    return {
      class: "Roll",
      options: this.options,
      formula: this.formula,
      total: this._total,
      evaluated: this._evaluated,
      dice: this.dice.map((d) => ({ number: d.number, faces: d.faces, results: d.results })),
    };
  }

  static fromData(data: Record<string, unknown>): Roll {
    const r = new Roll(String(data.formula ?? ""), {}, (data.options as Record<string, unknown>) ?? {});
    r._total = data.total as number;
    r._evaluated = !!data.evaluated;
    for (const d of (data.dice as { number: number; faces: number; results: DieResult[] }[]) ?? [])
      r.terms.push({ sign: 1, die: new Die(d.number, d.faces, d.results) });
    return r;
  }

  static fromJSON(json: string): Roll {
    return Roll.fromData(JSON.parse(json) as Record<string, unknown>);
  }

  async toMessage(
    messageData: Record<string, unknown> = {},
    { rollMode, create = true }: { rollMode?: string; create?: boolean } = {},
  ): Promise<unknown> {
    if (!this._evaluated) await this.evaluate();
    const ChatMessage = (globalThis as unknown as { ChatMessage: ChatMessageStatic }).ChatMessage;
    const data: Record<string, unknown> = {
      content: String(this._total),
      sound: "sounds/dice.wav",
      ...messageData,
      rolls: [this],
    };
    ChatMessage.applyRollMode(data, rollMode ?? "roll");
    return create ? ChatMessage.create(data) : data;
  }
}

interface ChatMessageStatic {
  applyRollMode(data: Record<string, unknown>, mode: string): Record<string, unknown>;
  create(data: Record<string, unknown>): Promise<unknown>;
}
