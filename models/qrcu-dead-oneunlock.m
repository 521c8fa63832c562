-- QRCU with a lockless synchronize_qrcu() fastpath, the model of chapter 5
-- (models/qrcu.spin) written again in Murphi, for rumur.
--
-- Each Promela statement that reads or writes a shared variable is one
-- rule here, and each Promela atomic block is one rule.  A test of local
-- variables only (the `if sum <= 1', the `else' branches, the `1 ->' that
-- opens a loop) is not a rule of its own: it is folded into the rule
-- before it, which chooses the next program counter.  Such a test cannot
-- see or change anything another process sees, so folding it removes no
-- interleaving of shared accesses.
--
-- Readers and updaters are scalarsets: rumur treats two states that
-- differ only by a renaming of readers (or of updaters) as one.
--
-- The two sizes below are rewritten for each run (the set= of the run's
-- block in the chapter); as written, two readers and two updaters.

const
  N_QRCU_READERS: 2;
  N_QRCU_UPDATERS: 2;

type
  reader_id: scalarset(N_QRCU_READERS);
  updater_id: scalarset(N_QRCU_UPDATERS);
  bit: 0..1;
  count: 0..N_QRCU_READERS + 2;		-- a counter: readers, extra count, flip
  sum_t: 0..2 * (N_QRCU_READERS + 2);
  index_t: 0..N_QRCU_READERS;		-- the updater's int i
  progress: 0..2;			-- 0 not begun, 1 reading, 2 done

  -- where a reader is: the statement it runs next
  reader_pc: enum {
    R_IDX,	-- myidx = idx
    R_INC,	-- atomic_inc_not_zero(&ctr[myidx]), or look again
    R_ENTER,	-- readerprogress[me] = 1
    R_LEAVE,	-- readerprogress[me] = 2
    R_DEC,	-- atomic_dec(&ctr[myidx])
    R_DONE	-- the process has ended
  };

  -- where an updater is
  updater_pc: enum {
    U_SNAP,	-- record which readers are inside (atomic)
    U_SUM1A,	-- first sum: load one counter, either one
    U_SUM1B,	-- first sum: add the other
    U_SUM2A,	-- second sum: load one counter
    U_SUM2B,	-- second sum: add the other
    U_LOCK,	-- spin_lock(mutex)
    U_INC,	-- ctr[!idx]++: the extra count to the new counter
    U_FLIP,	-- idx = !idx
    U_DEC,	-- ctr[!idx]--: the extra count off the old counter
    U_WAIT,	-- wait for the old counter to drain
    U_UNLOCK,	-- spin_unlock(mutex)
    U_CHECK	-- no reader inside before may be inside still (atomic)
  };

  reader_t: record
    pc: reader_pc;
    myidx: bit;
  end;

  updater_t: record
    pc: updater_pc;
    i: index_t;
    sum: sum_t;
    snap: count;			-- (j) the old counter just after the flip
    readerstart: array [reader_id] of progress;
  end;

var
  idx: bit;				-- qp->completed & 0x1
  ctr: array [bit] of count;		-- qp->ctr[0] and qp->ctr[1]
  mutex: bit;				-- qp->mutex
  readerprogress: array [reader_id] of progress;
  rd: array [reader_id] of reader_t;
  up: array [updater_id] of updater_t;

-- init_qrcu_struct(), and every process at its first statement, in one
-- step as the Promela init's atomic block.
startstate "init"
  idx := 0;
  ctr[idx] := 1;
  ctr[1 - idx] := 0;
  mutex := 0;
  for r: reader_id do
    readerprogress[r] := 0;
    rd[r].pc := R_IDX;
    rd[r].myidx := 0;
  endfor;
  for u: updater_id do
    up[u].pc := U_SNAP;
    up[u].i := 0;
    up[u].sum := 0;
    up[u].snap := 0;
    for r: reader_id do
      up[u].readerstart[r] := 0;
    endfor;
  endfor;
endstartstate;

-- The reader: one critical section, then it ends.
ruleset r: reader_id do

  rule "reader: myidx = idx"
    rd[r].pc = R_IDX
  ==>
  begin
    rd[r].myidx := idx;
    rd[r].pc := R_INC;
  endrule;

  -- atomic_inc_not_zero(): join the counter read unless it has drained;
  -- if it has, look at idx again.
  rule "reader: inc_not_zero(ctr[myidx])"
    rd[r].pc = R_INC
  ==>
  begin
    if ctr[rd[r].myidx] > 0 then	-- the not-zero test
      ctr[rd[r].myidx] := ctr[rd[r].myidx] + 1;
      rd[r].pc := R_ENTER;
    else
      rd[r].pc := R_IDX;
    endif;
  endrule;

  rule "reader: enter"
    rd[r].pc = R_ENTER
  ==>
  begin
    readerprogress[r] := 1;
    rd[r].pc := R_LEAVE;
  endrule;

  rule "reader: leave"
    rd[r].pc = R_LEAVE
  ==>
  begin
    readerprogress[r] := 2;
    rd[r].pc := R_DEC;
  endrule;

  rule "reader: ctr[myidx]--"
    rd[r].pc = R_DEC
  ==>
  begin
    ctr[rd[r].myidx] := ctr[rd[r].myidx] - 1;
    rd[r].myidx := 0;	-- dead from here
    rd[r].pc := R_DONE;
  endrule;

endruleset;

-- The updater: grace periods, for ever.
ruleset u: updater_id do

  -- Before the grace period: which readers are inside?
  rule "updater: snapshot"
    up[u].pc = U_SNAP
  ==>
  begin
    for r: reader_id do
      up[u].readerstart[r] := readerprogress[r];
    endfor;
    up[u].i := 0;	-- dead: the loop's i
    up[u].pc := U_SUM1A;
  endrule;

endruleset;

-- The fastpath's sum is two loads, in either order: c is the counter
-- loaded first.
ruleset u: updater_id; c: bit do

  rule "updater: first sum, first load"
    up[u].pc = U_SUM1A
  ==>
  begin
    up[u].sum := ctr[c];
    up[u].i := 1 - c;
    up[u].pc := U_SUM1B;
  endrule;

  rule "updater: second sum, first load"
    up[u].pc = U_SUM2A
  ==>
  begin
    up[u].sum := ctr[c];
    up[u].i := 1 - c;
    up[u].pc := U_SUM2B;
  endrule;

endruleset;

ruleset u: updater_id do

  rule "updater: first sum, second load"
    up[u].pc = U_SUM1B
  ==>
  begin
    up[u].sum := up[u].sum + ctr[up[u].i];
    if up[u].sum <= 1 then	-- fastpath so far: sum again
      up[u].pc := U_SUM2A;
    else
      up[u].pc := U_LOCK;
    endif;
    up[u].sum := 0;	-- dead from here
    up[u].i := 0;
  endrule;

  rule "updater: second sum, second load"
    up[u].pc = U_SUM2B
  ==>
  begin
    up[u].sum := up[u].sum + ctr[up[u].i];
    if up[u].sum > 1 then	-- the slowpath
      up[u].pc := U_LOCK;
    else
      up[u].pc := U_CHECK;
    endif;
    up[u].sum := 0;	-- dead from here
    up[u].i := 0;
  endrule;

  -- spin_lock(): a failed attempt changes nothing, so only the
  -- successful one is a rule.
  rule "updater: spin_lock(mutex)"
    up[u].pc = U_LOCK & mutex = 0
  ==>
  begin
    mutex := 1;
    up[u].pc := U_INC;
  endrule;

  rule "updater: ctr[!idx]++"
    up[u].pc = U_INC
  ==>
  begin
    ctr[1 - idx] := ctr[1 - idx] + 1;	-- the flip's first step
    up[u].pc := U_FLIP;
  endrule;

  rule "updater: idx = !idx"
    up[u].pc = U_FLIP
  ==>
  begin
    idx := 1 - idx;			-- the flip's second step
    up[u].pc := U_DEC;
  endrule;

  rule "updater: ctr[!idx]--"
    up[u].pc = U_DEC
  ==>
  begin
    ctr[1 - idx] := ctr[1 - idx] - 1;	-- the flip's third step
    up[u].snap := ctr[1 - idx];
    up[u].pc := U_WAIT;
  endrule;

  -- The wait: while the old counter is above zero the updater spins
  -- without changing anything, so only the exit is a rule.
  rule "updater: old counter drained"
    up[u].pc = U_WAIT & (ctr[1 - idx] = 0 | ctr[1 - idx] < up[u].snap)	-- (j) one unlock
  ==>
  begin
    up[u].pc := U_UNLOCK;
  endrule;

  rule "updater: spin_unlock(mutex)"
    up[u].pc = U_UNLOCK
  ==>
  begin
    mutex := 0;
    up[u].pc := U_CHECK;
  endrule;

  -- After it: no reader that was inside before may still be.
  rule "updater: grace-period check"
    up[u].pc = U_CHECK
  ==>
  begin
    assert forall r: reader_id do
        !(up[u].readerstart[r] = 1 & readerprogress[r] = 1)
      endforall "a reader inside before the grace period is inside after it";
    up[u].sum := 0;
    up[u].snap := 0;
    up[u].i := 0;	-- dead from here
    for r: reader_id do
      up[u].readerstart[r] := 0;
    endfor;
    up[u].pc := U_SNAP;
  endrule;

endruleset;
