import { UserRequestGate } from './user-requests';

/** Lets the promise callbacks queued so far run. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('UserRequestGate', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("admits a user's next waiting request as soon as a turn is given back", async () => {
    const gate = new UserRequestGate(1, 5);
    const first = await gate.enter(7);
    let admitted = false;
    void gate.enter(7).then(() => (admitted = true));
    jest.advanceTimersByTime(40);
    first();
    await settle();
    expect(admitted).toBe(true);
  });

  it('with a rest, lets the next search start only after as long again as the last one ran, the turn held meanwhile', async () => {
    const gate = new UserRequestGate(1, 5, 15_000, 'searches', 1);
    const first = await gate.enter(7);
    let admitted = false;
    void gate.enter(7).then(() => (admitted = true));
    jest.advanceTimersByTime(40);
    first();
    await settle();
    expect([admitted, gate.running(7), gate.waiting(7)]).toEqual([false, 1, 1]);
    jest.advanceTimersByTime(39);
    await settle();
    expect(admitted).toBe(false);
    jest.advanceTimersByTime(2);
    await settle();
    expect(admitted).toBe(true);
    // Another user never waits for this one's rest.
    const other = await gate.enter(8);
    expect(gate.running(8)).toBe(1);
    other();
  });

  // The next search sent only after the answer (nobody waiting as the turn is given back) rests too:
  // as long again as the last one ran, and at least the least rest however short it ran.
  it.each([
    { ran: 40, leastRest: 0, rests: 40 },
    { ran: 5, leastRest: 50, rests: 50 },
  ])('a search that ran $ran ms with a least rest of $leastRest ms: the next, sent after its answer, waits $rests ms', async ({ ran, leastRest, rests }) => {
    const gate = new UserRequestGate(1, 5, 15_000, 'searches', 1, leastRest);
    const first = await gate.enter(7);
    jest.advanceTimersByTime(ran);
    first();
    let admitted = false;
    void gate.enter(7).then(() => (admitted = true));
    jest.advanceTimersByTime(rests - 1);
    await settle();
    expect([admitted, gate.running(7)]).toEqual([false, 1]);
    jest.advanceTimersByTime(2);
    await settle();
    expect(admitted).toBe(true);
  });

  it('gives the turn back after the rest when the waiting request left meanwhile', async () => {
    const gate = new UserRequestGate(1, 5, 15_000, 'searches', 1);
    const first = await gate.enter(7);
    const closes: Array<() => void> = [];
    const res = { once: (_: 'close', l: () => void) => closes.push(l), off: () => undefined };
    const waiting = gate.enter(7, res).catch((e: Error) => e);
    jest.advanceTimersByTime(30);
    first();
    closes.forEach((c) => c());
    expect(await waiting).toBeInstanceOf(Error);
    jest.advanceTimersByTime(31);
    await settle();
    expect([gate.running(7), gate.waiting(7)]).toEqual([0, 0]);
  });
});
