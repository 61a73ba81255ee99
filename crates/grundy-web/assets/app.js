// The page of `grundy serve`: pick a game, see its values, plot and period
// verdict, and play it against a perfect player. Plain JavaScript, no build
// step, nothing loaded from other hosts; every answer comes from the JSON API
// (crates/grundy-web/API.md).
'use strict';

(function () {
  // ---------------------------------------------------------------- helpers

  const $ = (id) => document.getElementById(id);

  /** An error answered by the API: `{"error": kind, "message": ...}`. */
  class ApiError extends Error {
    constructor(status, kind, message) {
      super(message);
      this.status = status;
      this.kind = kind;
    }
  }

  /** The query string of `params`, keeping `:` and `,` readable. */
  function query(params) {
    return Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => k + '=' + enc(String(v)))
      .join('&');
  }

  function enc(s) {
    return encodeURIComponent(s).replace(/%3A/gi, ':').replace(/%2C/gi, ',');
  }

  /**
   * GET a JSON route; a 4xx answer becomes an ApiError with its message. A
   * busy server (503, `Retry-After`) is asked again, five times at most.
   */
  async function api(path, params, signal) {
    let r;
    for (let attempt = 0; ; attempt++) {
      r = await fetch(path + '?' + query(params), {
        headers: { Accept: 'application/json' },
        signal,
      });
      if (r.status !== 503 || attempt >= 5) break;
      const wait = Math.min(5, Number(r.headers.get('Retry-After')) || 1);
      await new Promise((done) => setTimeout(done, wait * 1000));
    }
    const text = await r.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch (_) {
      body = null;
    }
    if (!r.ok) {
      const message = (body && body.message) || text || r.statusText;
      throw new ApiError(r.status, body && body.error, message);
    }
    if (body === null) throw new ApiError(r.status, 'format', 'the server answered something that is not JSON');
    return body;
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else if (k === 'dataset') Object.assign(e.dataset, v);
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children) {
      if (c === null || c === undefined) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  }

  /** A relation such as `a^2 b = b^3`, its powers as superscripts: text and `sup` nodes. */
  function withPowers(text) {
    return text.split(/\^(\d+)/).map((part, i) => (i % 2 === 1 ? el('sup', { text: part }) : part));
  }

  /** `*n`, the nimber; 0 is written 0. */
  const nimber = (v) => (v === 0 ? '0' : '*' + v);
  const sumOf = (xs) => xs.reduce((a, b) => a + b, 0);
  const sameMultiset = (a, b) =>
    a.length === b.length && [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

  function debounce(f, ms) {
    let t = null;
    return (...args) => {
      clearTimeout(t);
      t = setTimeout(() => f(...args), ms);
    };
  }

  /** Parse `3,5,7` (spaces or commas); null when malformed. */
  function parseHeaps(text) {
    const parts = text.trim().split(/[\s,+]+/).filter((s) => s !== '');
    if (parts.length === 0) return [];
    if (!parts.every((p) => /^\d{1,6}$/.test(p))) return null;
    return parts.map(Number);
  }

  // ------------------------------------------------------------- URL state
  // `#game=SPEC&from=A&to=B` while exploring, `#play=SPEC:HEAPS` while
  // playing (the spec may itself hold `:` and `,`: the heaps follow the last
  // colon), with `misere=1` under misère play and `quotient=N` (or
  // `quotient=every`) while a misère quotient is shown. Reloading or sharing the
  // address restores the game, the position and the convention.

  function readHash() {
    const out = {};
    const h = location.hash.replace(/^#/, '');
    for (const part of h.split('&')) {
      if (!part) continue;
      const i = part.indexOf('=');
      const k = i < 0 ? part : part.slice(0, i);
      let v = i < 0 ? '' : part.slice(i + 1);
      try {
        v = decodeURIComponent(v.replace(/\+/g, ' '));
      } catch (_) {
        continue;
      }
      out[k] = v;
    }
    if (out.play !== undefined) {
      const j = out.play.lastIndexOf(':');
      if (j > 0) {
        out.game = out.play.slice(0, j);
        out.heaps = out.play.slice(j + 1);
      } else {
        out.game = out.play;
        out.heaps = '';
      }
    }
    return out;
  }

  function writeHash() {
    if (!state.game) return;
    const params = {};
    if (play.heaps !== null) params.play = state.game + ':' + play.heaps.join(',');
    else params.game = state.kind === 'board' && grid.start ? grid.start : state.game;
    if (play.heaps !== null && $('hints').checked) params.hints = 1;
    if (isMisere()) params.misere = 1;
    if (quotient.shown !== null) params.quotient = quotient.shown;
    if (state.kind === 'heap' && (state.from !== 0 || state.to !== DEFAULT_TO)) {
      params.from = state.from;
      params.to = state.to;
    }
    const hash = '#' + query(params);
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }

  // ------------------------------------------------------------ game picker

  const DEFAULT_TO = 119;
  const state = {
    game: null, // canonical spec
    kind: null, // 'heap' | 'multiheap'
    rules: '',
    from: 0,
    to: DEFAULT_TO,
    values: null, // {from, values}
    period: null, // PeriodReport
    stream: null, // EventSource of the period search
    generation: 0,
  };
  let named = [];

  async function loadGames() {
    const select = $('game-select');
    try {
      const body = await api('/api/games', {});
      named = body.games || [];
      select.replaceChildren(el('option', { value: '', text: '(choose a game)' }));
      for (const g of named) {
        const label = g.name === g.spec ? g.name : `${g.name} (${g.spec})`;
        select.append(el('option', { value: g.name, text: label + (g.kind === 'multiheap' ? ', several heaps' : '') }));
      }
      if (body.syntax) $('syntax').textContent = body.syntax;
    } catch (e) {
      select.replaceChildren(el('option', { value: '', text: '(no list: ' + e.message + ')' }));
    }
  }

  /** Live validation: the rules in words, or the server's message. */
  const checkSpec = debounce(async () => {
    const spec = $('game-code').value.trim();
    const out = $('game-check');
    if (!spec) {
      out.textContent = '';
      out.className = 'check';
      return;
    }
    try {
      const g = await api('/api/game', { spec });
      if ($('game-code').value.trim() !== spec) return;
      out.className = 'check ok';
      out.textContent = `✓ ${g.game}: ${g.rules}`;
    } catch (e) {
      if ($('game-code').value.trim() !== spec) return;
      out.className = 'check bad';
      out.textContent = '✗ ' + e.message;
    }
  }, 250);

  /** Open `spec`: rules, then values, plot and verdict, then the board. */
  async function openGame(spec, opts = {}) {
    const gen = ++state.generation;
    stopStream();
    let g;
    try {
      g = await api('/api/game', { spec });
    } catch (e) {
      $('game-check').className = 'check bad';
      $('game-check').textContent = '✗ ' + e.message;
      return false;
    }
    if (gen !== state.generation) return false;
    state.game = g.game;
    state.kind = g.kind;
    state.rules = g.rules;
    state.values = null;
    state.period = null;
    state.from = opts.from !== undefined ? opts.from : 0;
    state.to = opts.to !== undefined ? opts.to : DEFAULT_TO;
    $('game-check').className = 'check ok';
    $('game-check').textContent = `${g.game}: ${g.rules}`;
    $('game-code').value = g.game;
    const match = named.find((n) => n.spec === g.game || n.name === spec);
    $('game-select').value = match ? match.name : '';
    document.title = `grundy: ${g.game}`;

    const heapGame = g.kind === 'heap';
    const boardGame = g.kind === 'board' || g.kind === 'board-family';
    showConvention(heapGame);
    resetQuotient(g.game, heapGame, boardGame);
    $('play-section').hidden = boardGame;
    $('grid-section').hidden = g.kind !== 'board';
    $('values-body').hidden = !heapGame;
    $('values-none').hidden = heapGame;
    $('jump-values').hidden = !heapGame;
    if (boardGame) {
      $('values-none').textContent = g.kind === 'board'
        ? `${g.game} is played on a board or graph, not on heaps: it has no values per heap. Play it below.`
        : `${g.game} is a family of boards: name one member (n a number) to play it.`;
    } else if (!heapGame) {
      $('values-none').textContent =
        `${g.game} is played on several heaps at once and is not a sum of single heaps, ` +
        'so it has no values per heap: play it below.';
    } else {
      $('range-from').value = state.from;
      $('range-to').value = state.to;
      $('verdict-text').textContent = '';
      $('cert-line').hidden = true;
    }
    if (boardGame) {
      play.generation++;
      play.heaps = null;
      renderBoard();
      if (g.kind === 'board') await startGrid(spec, false);
      else stopGrid();
      writeHash();
      return true;
    }
    stopGrid();
    const heaps = opts.heaps !== undefined ? opts.heaps : defaultHeaps(g);
    $('play-heaps').value = heaps.join(',');
    // The quick answers first: a plain request meeting a long computation
    // of the same game is answered 503, so the period search (which may
    // compute far) starts once the values shown and the board are in.
    await Promise.all([heapGame ? loadValues() : null, startPlay(heaps, false)]);
    if (heapGame && gen === state.generation) startPeriod();
    return true;
  }

  function defaultHeaps(g) {
    if (g.kind !== 'multiheap') return [3, 5, 7];
    if (g.game === 'wythoff') return [5, 8];
    const m = /^subsets:(\d+):/.exec(g.game);
    const k = g.game === 'stone' ? 3 : m ? Math.min(Number(m[1]), 6) : 2;
    return [3, 5, 7, 9, 11, 13].slice(0, k);
  }

  // ---------------------------------------------------------------- values

  async function loadValues() {
    const gen = state.generation;
    const { from, to } = state;
    $('values-status').textContent = `Computing G(${from}) … G(${to}) …`;
    showPlot();
    try {
      const body = await api('/api/values', { game: state.game, from, to });
      if (gen !== state.generation || from !== state.from || to !== state.to) return;
      state.values = { from: body.from || 0, values: body.values };
      $('values-status').textContent = `G(n) of ${state.game} for n = ${from} … ${to}`;
      renderTable();
    } catch (e) {
      if (gen !== state.generation) return;
      state.values = null;
      $('values-status').textContent = 'No values: ' + e.message;
      $('values-table').replaceChildren();
    }
    writeHash();
  }

  const MAX_CELLS = 1200;
  const MAX_ROW = 36;

  /** The values in rows of the period (when known and short), else of 10. */
  function renderTable() {
    const box = $('values-table');
    if (!state.values) return;
    const { from, values } = state.values;
    const p = state.period;
    const periodic = p && p.period && p.period <= MAX_ROW;
    const row = periodic ? p.period : 10;
    const pre = p && p.preperiod !== null && p.preperiod !== undefined ? p.preperiod : null;
    // Rows start at multiples of the row length: with rows of the period,
    // each column is one residue class and, past the preperiod, constant
    // (or growing by the saltus) down the table.
    const offset = 0;
    const shown = Math.min(values.length, MAX_CELLS);
    const last = from + shown - 1;
    let start = from - ((((from - offset) % row) + row) % row);
    const table = el('table', { class: 'values' });
    const caption = periodic
      ? `Rows of ${row}, the period${p.status === 'proved' ? '' : ' observed'}: past the preperiod each column repeats.`
      : 'Rows of 10.' + (p && p.period ? ` (The period, ${p.period}, is too long for rows.)` : '');
    const intro = el('p', { class: 'table-caption', id: 'values-caption', text: caption });
    table.setAttribute('aria-describedby', 'values-caption');
    const head = el('tr', {}, el('th', { scope: 'col', text: 'n' }));
    for (let j = 0; j < row; j++) head.append(el('th', { scope: 'col', text: '+' + j }));
    table.append(el('thead', {}, head));
    const tbody = el('tbody');
    for (; start <= last; start += row) {
      const tr = el('tr', {}, el('th', { scope: 'row', text: String(start) }));
      for (let j = 0; j < row; j++) {
        const n = start + j;
        if (n < from || n > last) {
          tr.append(el('td', { class: 'empty' }));
          continue;
        }
        const v = values[n - from];
        const cls = [v === 0 ? 'zero' : '', pre !== null && n < pre ? 'pre' : ''].join(' ').trim();
        tr.append(el('td', { class: cls || null, title: `G(${n}) = ${v}${v === 0 ? ', a lost heap' : ''}`, text: String(v) }));
      }
      tbody.append(tr);
    }
    table.append(tbody);
    const parts = [intro, table];
    if (values.length > shown) {
      parts.push(el('p', { class: 'note', text: `The table shows the first ${shown} values of ${values.length}; the plot shows them all.` }));
    }
    box.replaceChildren(...parts);
    $('values-legend').hidden = false;
    $('legend-pre').hidden = !(pre && from < pre);
  }

  function setRange(from, to) {
    from = Math.max(0, Math.floor(from));
    to = Math.max(from, Math.floor(to));
    state.from = from;
    state.to = to;
    $('range-from').value = from;
    $('range-to').value = to;
    loadValues();
  }

  function zoom(factor) {
    const mid = (state.from + state.to) / 2;
    const half = Math.max(5, ((state.to - state.from + 1) * factor) / 2);
    let from = Math.round(mid - half);
    if (from < 0) from = 0;
    setRange(from, from + Math.round(2 * half) - 1);
  }

  function pan(direction) {
    const width = state.to - state.from + 1;
    const step = Math.max(1, Math.floor(width / 2)) * direction;
    const from = Math.max(0, state.from + step);
    setRange(from, from + width - 1);
  }

  // ------------------------------------------------------------------ plot
  // The server draws the scatter (the renderer of `grundy plot`); when it
  // cannot, the page draws its own from the values it holds.

  function showPlot() {
    const box = $('plot-box');
    const { game, from, to } = state;
    const img = el('img', {
      src: '/api/plot.svg?' + query({ game, from, to }),
      alt: `Scatter plot of G(n) against n for ${game}, n = ${from} to ${to}`,
      width: 640,
      height: 320,
    });
    img.addEventListener('error', () => {
      if (state.game !== game) return;
      drawOwnPlot(game, from, to);
    });
    box.replaceChildren(img);
    $('plot-caption').textContent = `G(n) for n = ${from} … ${to}. Zoom and move with the buttons above.`;
  }

  async function drawOwnPlot(game, from, to) {
    let values = state.values;
    if (!values || values.from !== from || values.values.length !== to - from + 1) {
      try {
        const body = await api('/api/values', { game, from, to });
        values = { from: body.from || 0, values: body.values };
      } catch (e) {
        $('plot-box').replaceChildren(el('p', { class: 'note', text: 'No plot: ' + e.message }));
        return;
      }
    }
    if (state.game !== game || state.from !== from || state.to !== to) return;
    const W = 640, H = 320, L = 44, R = 10, T = 10, B = 30;
    const vs = values.values;
    const max = vs.reduce((a, b) => (b > a ? b : a), 1);
    const x = (n) => L + ((n - from) / Math.max(1, to - from)) * (W - L - R);
    const y = (v) => T + (1 - v / max) * (H - T - B);
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `Scatter plot of G(n) against n for ${game}, n = ${from} to ${to}`);
    const add = (tag, attrs, text) => {
      const e = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      if (text !== undefined) e.textContent = text;
      svg.append(e);
      return e;
    };
    add('line', { x1: L, y1: H - B, x2: W - R, y2: H - B, class: 'axis' });
    add('line', { x1: L, y1: T, x2: L, y2: H - B, class: 'axis' });
    add('text', { x: L, y: H - 8, class: 'tick' }, String(from));
    add('text', { x: W - R, y: H - 8, class: 'tick', 'text-anchor': 'end' }, String(to));
    add('text', { x: L - 6, y: T + 10, class: 'tick', 'text-anchor': 'end' }, String(max));
    add('text', { x: L - 6, y: H - B, class: 'tick', 'text-anchor': 'end' }, '0');
    const r = vs.length > 2000 ? 1.6 : 3;
    for (let i = 0; i < vs.length; i++) {
      add('circle', { cx: x(from + i).toFixed(1), cy: y(vs[i]).toFixed(1), r, class: vs[i] === 0 ? 'dot zero' : 'dot' });
    }
    $('plot-box').replaceChildren(svg);
  }

  // --------------------------------------------------------------- verdict

  /** A sentence of the server's, as a sentence: a capital, a full stop. */
  function asSentence(text) {
    const t = text.charAt(0).toUpperCase() + text.slice(1);
    return t.endsWith('.') ? t : t + '.';
  }

  function stopStream() {
    if (state.stream) {
      state.stream.close();
      state.stream = null;
    }
    $('verdict-progress').hidden = true;
  }

  /**
   * A question streamed from `path` (`/api/stream/…`): `on.progress` for each
   * progress event, then `on.result` with the answer or `on.error` with the
   * server's message; a refused query or a broken connection (an `error`
   * event without data) calls `on.broken`. Events reach the handlers only
   * while `isCurrent(es)`. Returns the EventSource, to close.
   */
  function streamQuestion(path, params, isCurrent, on) {
    const es = new EventSource(path + '?' + query(params));
    es.addEventListener('progress', (ev) => {
      if (!isCurrent(es)) return;
      let p;
      try {
        p = JSON.parse(ev.data);
      } catch (_) {
        return;
      }
      on.progress(p);
    });
    es.addEventListener('result', (ev) => {
      if (!isCurrent(es)) return;
      let body;
      try {
        body = JSON.parse(ev.data);
      } catch (e) {
        on.error('the answer could not be read: ' + e.message);
        return;
      }
      on.result(body);
    });
    // A server event named `error` carries data; a broken connection does not.
    es.addEventListener('error', (ev) => {
      if (!isCurrent(es)) return;
      if (ev.data) {
        let message = ev.data;
        try {
          message = JSON.parse(ev.data).message || message;
        } catch (_) {
          /* the text itself */
        }
        on.error(message);
      } else {
        on.broken();
      }
    });
    return es;
  }

  /** The period search, streamed: progress while it runs, then the verdict. */
  function startPeriod() {
    stopStream();
    const game = state.game;
    $('verdict-text').textContent = 'Searching for a period…';
    $('verdict-text').className = 'verdict';
    $('cert-line').hidden = true;
    $('verdict-progress').hidden = false;
    const bar = $('verdict-bar');
    bar.removeAttribute('value');
    $('verdict-progress-text').textContent = '';
    if (typeof EventSource === 'undefined') {
      fallbackPeriod(game);
      return;
    }
    state.stream = streamQuestion('/api/stream/period', { game }, (es) => state.stream === es, {
      progress(p) {
        if (p.total) {
          bar.max = p.total;
          bar.value = p.done;
          $('verdict-progress-text').textContent = `${p.what || 'working'}: ${p.done.toLocaleString('en')} of ${p.total.toLocaleString('en')}`;
        } else {
          bar.removeAttribute('value');
          $('verdict-progress-text').textContent = `${p.what || 'working'}: ${Number(p.done).toLocaleString('en')}`;
        }
      },
      result(report) {
        stopStream();
        showVerdict(report);
      },
      error(message) {
        stopStream();
        $('verdict-text').className = 'verdict bad';
        $('verdict-text').textContent = 'No verdict: ' + message;
      },
      broken() {
        stopStream();
        fallbackPeriod(game);
      },
    });
  }

  /** Without a stream (or when it broke): the plain route. */
  async function fallbackPeriod(game) {
    try {
      const p = await api('/api/period', { game });
      if (state.game === game) showVerdict(p);
    } catch (e) {
      if (state.game !== game) return;
      $('verdict-progress').hidden = true;
      $('verdict-text').className = 'verdict bad';
      $('verdict-text').textContent = 'No verdict: ' + e.message;
    }
  }

  function showVerdict(p) {
    state.period = p;
    const t = $('verdict-text');
    t.className = 'verdict ' + (p.status === 'proved' ? 'proved' : p.status === 'observed' ? 'observed' : 'none');
    t.textContent = asSentence(p.sentence);
    $('verdict-progress').hidden = true;
    if (p.status === 'proved') {
      const link = $('cert-link');
      link.href = '/api/certificate?' + query({ game: state.game });
      link.setAttribute('download', state.game.replace(/[^A-Za-z0-9._-]/g, '_') + '.cert');
      $('cert-line').hidden = false;
    }
    renderTable();
  }

  // ------------------------------------------------------------------ play

  const MAX_TOKENS = 99;
  const MAX_HEAPS = 12;
  const play = {
    heaps: null, // the position, or null before a game
    history: [], // positions before each of your moves
    report: null, // /api/moves of the position
    turn: 'none', // 'you' | 'computer' | 'over' | 'none'
    values: [], // G(0..) of the game, for each heap's value
    selection: null, // {heap, a, b}: a block of tokens chosen in a heap
    generation: 0,
    log: [],
  };

  function isMulti() {
    return state.kind === 'multiheap';
  }

  /** Misère play (whoever moves last loses): heap games only. */
  function isMisere() {
    return !isMulti() && $('play-misere').checked;
  }

  /** The switch is offered for sums of heaps; the rule line follows it. */
  function showConvention(heapGame) {
    $('play-misere').disabled = !heapGame;
    if (!heapGame) $('play-normal').checked = true;
    const note = $('convention-note');
    note.hidden = heapGame;
    note.textContent = heapGame ? '' : 'Misère play is offered for sums of heaps; this game is played on several heaps at once.';
    $('play-rule').textContent = isMisere()
      ? 'You play against a perfect player: whoever makes the last move loses.'
      : 'You play against a perfect player: whoever cannot move loses.';
  }

  /** The switch turned: the same position, played the other way. */
  function conventionChanged() {
    showConvention(!isMulti());
    writeHash();
    if (!state.game || play.heaps === null) return;
    startPlay(play.heaps, false).then(() => {
      if (play.turn === 'you') {
        say(isMisere() ? 'Misère play: whoever moves last loses.' : 'Normal play: whoever cannot move loses.');
      }
    });
  }

  /** How clicking a token moves: a block, everything from it, or a split. */
  function tokenMode() {
    const g = state.game || '';
    if (isMulti()) return 'take-end';
    if (g === 'grundy') return 'split';
    if (g === 'nim' || g.startsWith('sub:') || g.startsWith('allbut:')) return 'take-end';
    return 'block';
  }

  async function startPlay(heaps, computerFirst) {
    const gen = ++play.generation;
    play.history = [];
    play.log = [];
    play.selection = null;
    $('play-log').replaceChildren();
    $('announce').textContent = '';
    await setPosition(heaps, gen);
    if (gen !== play.generation) return;
    if (play.turn === 'over') {
      say(`No move is possible from this position: the player to move ${isMisere() ? 'wins' : 'loses'}.`);
    }
    else if (computerFirst && play.turn === 'you') await computerMove(gen);
  }

  function normalise(heaps) {
    return isMulti() ? heaps.slice() : heaps.filter((h) => h > 0);
  }

  /** Show `heaps`, ask for its moves; the player to move is you. */
  async function setPosition(heaps, gen) {
    play.heaps = normalise(heaps);
    play.report = null;
    play.selection = null;
    play.turn = 'computer';
    writeHash();
    renderBoard();
    const report = await movesOf(play.heaps, gen);
    if (gen !== play.generation || report === undefined) return;
    play.report = report;
    play.turn = report && report.moves.length === 0 ? 'over' : 'you';
    renderBoard();
  }

  /** `/api/moves` of a position, under the convention played. */
  async function movesOf(heaps, gen) {
    if (!isMulti() && heaps.length === 0) {
      return { heaps: [], value: isMisere() ? null : 0, winning: isMisere(), moves: [], truncated: false };
    }
    try {
      if (isMisere()) return await misereMoves(heaps);
      await ensureValues(heaps);
      return await api('/api/moves', { game: state.game, heaps: heaps.join(',') });
    } catch (e) {
      if (gen === play.generation) {
        play.turn = 'none';
        say('The server could not answer: ' + e.message);
        renderBoard();
      }
      return undefined;
    }
  }

  /**
   * Misère play: every legal move (the moves are those of normal play; only
   * who wins changes), each marked by the solver's misère winning moves
   * (`play=misere`), the winning ones first. The misère answer is asked
   * first: it may compute the game's quotient, and the plain list is quick.
   */
  async function misereMoves(heaps) {
    const params = { game: state.game, heaps: heaps.join(',') };
    const misere = await api('/api/moves', { ...params, play: 'misere' });
    const legal = await api('/api/moves', params);
    const key = (heap, to) => heap + ':' + to.slice().sort((a, b) => a - b).join(',');
    const wins = new Set(misere.moves.map((m) => key(m.heap, m.to)));
    const moves = legal.moves.map((m) => ({ ...m, value: null, winning: wins.has(key(m.heap, m.to)) }));
    moves.sort((a, b) => Number(b.winning) - Number(a.winning));
    return {
      heaps,
      value: null,
      winning: misere.winning,
      moves,
      truncated: legal.truncated || misere.total_winning_moves > misere.moves.length,
      method: misere.method,
      quotient: misere.quotient,
    };
  }

  /** Each heap's value, from the values route (cached per game). */
  async function ensureValues(heaps) {
    if (isMulti() || heaps.length === 0) return;
    const max = Math.max(...heaps);
    if (play.valuesGame === state.game && play.values.length > max) return;
    try {
      const body = await api('/api/values', { game: state.game, from: 0, to: Math.max(max, 30) });
      play.values = body.values;
      play.valuesGame = state.game;
    } catch (_) {
      play.values = [];
      play.valuesGame = null;
    }
  }

  function heapValue(n) {
    if (isMisere()) return null;
    return play.valuesGame === state.game && n < play.values.length ? play.values[n] : null;
  }

  /** The move in words: `take 2 from the middle → 3 + 4`. */
  function describe(m) {
    if (m.heap === null || m.heap === undefined) {
      const before = Array.isArray(m.from) ? m.from : play.heaps;
      const heaps = [];
      const amounts = [];
      for (let i = 0; i < m.to.length; i++) {
        if (m.to[i] !== before[i]) {
          heaps.push(i + 1);
          amounts.push(before[i] - m.to[i]);
        }
      }
      const list = heaps.length === 1 ? `heap ${heaps[0]}` : `heaps ${heaps.slice(0, -1).join(', ')} and ${heaps[heaps.length - 1]}`;
      const what = amounts.every((a) => a === amounts[0])
        ? `take ${amounts[0]} from ${list}`
        : 'take ' + amounts.map((a, j) => `${a} from heap ${heaps[j]}`).join(' and ');
      return `${what} → ${m.to.join(', ')}`;
    }
    const k = m.from - sumOf(m.to);
    const left = m.to.length === 0 ? 'nothing' : m.to.join(' + ');
    if (k === 0) return `split ${m.from} into ${left}`;
    if (m.to.length === 0) return `take all ${m.from}`;
    if (m.to.length === 1) return `take ${k}, leaving ${left}`;
    return `take ${k} from the middle → ${left}`;
  }

  function describeFull(m) {
    if (m.heap === null || m.heap === undefined) return describe(m);
    return `heap ${m.heap + 1} (${m.from}): ${describe(m)}`;
  }

  /** Your move, then the computer's answer. */
  async function userMove(m) {
    if (play.turn !== 'you') return;
    const gen = play.generation;
    play.history.push(play.heaps.slice());
    logMove('You', m);
    say(`You: ${describeFull(m)}.`);
    await setPositionAfter(m, gen);
    if (gen !== play.generation) return;
    if (play.turn === 'over') {
      say(gameOver('you'));
      renderBoard();
      return;
    }
    await computerMove(gen);
  }

  async function setPositionAfter(m, gen) {
    const after = m.heap === null || m.heap === undefined ? m.to : m.position;
    await setPosition(after, gen);
  }

  /**
   * The computer's move: the first move listed, by the solver's one rule
   * (`MovesReport::reply`, as `grundy play` plays): a winning move where
   * there is one, else the move that takes least.
   */
  async function computerMove(gen) {
    if (play.turn !== 'you' || !play.report) return;
    play.turn = 'computer';
    renderBoard();
    await new Promise((r) => setTimeout(r, 250));
    if (gen !== play.generation) return;
    const m = play.report.moves[0];
    logMove('Computer', m);
    const heaps = play.heaps;
    await setPositionAfter(m, gen);
    if (gen !== play.generation) return;
    const words = `Computer: ${describeFull({ ...m, from: m.heap === null || m.heap === undefined ? heaps : m.from })}.`;
    say(play.turn === 'over' ? `${words} ${gameOver('computer')}` : words);
  }

  function gameOver(lastMover) {
    if (isMisere()) {
      return lastMover === 'you'
        ? 'Game over: you took the last move, you lose.'
        : 'Game over: the computer took the last move, you win!';
    }
    return lastMover === 'you'
      ? 'Game over: you took the last move, you win!'
      : 'Game over: the computer took the last move, you lose.';
  }

  function say(text) {
    $('announce').textContent = text;
  }

  /** The history of the game, with the value each move leaves. */
  function logMove(who, m) {
    const after = m.value !== null && m.value !== undefined
      ? `; the position left has value ${nimber(m.value)}`
      : m.winning
        ? '; the position left is lost for the player to move'
        : '; the position left is won for the player to move';
    const text = `${who}: ${describeFull(m)}${after}`;
    play.log.push(text);
    $('play-log').append(el('li', { text }));
  }

  async function undo() {
    if (play.history.length === 0 || play.turn === 'computer') return;
    const gen = ++play.generation;
    const before = play.history.pop();
    // Drop your move and the computer's answer from the log.
    while (play.log.length && !play.log[play.log.length - 1].startsWith('You')) {
      play.log.pop();
    }
    play.log.pop();
    $('play-log').replaceChildren(...play.log.map((t) => el('li', { text: t })));
    say('Undone: back to ' + (before.join(' + ') || 'the empty position') + '.');
    await setPosition(before, gen);
    renderBoard();
  }


  // ------------------------------------------------------- boards and graphs
  // Cram, Chomp and Node-Kayles (`/api/board`): the position is a spec; a
  // move's `after` is the next one. Node-Kayles renumbers the vertices left
  // after a move, so the page keeps, for each vertex of the position, the
  // vertex of the first position it is (`map`), and draws that first graph.

  const grid = {
    start: null, // the spec as typed (a grid keeps its shape)
    spec: null, // the position
    report: null, // /api/board of the position
    map: null, // Node-Kayles: vertex index here -> vertex of the start
    shape: null, // Node-Kayles: {vertices, edges, cols} of the start
    chosen: null, // Cram: the first cell of a domino, [row, col]
    turn: 'none', // 'you' | 'computer' | 'over' | 'none'
    generation: 0,
    history: [], // before each of your moves: {spec, map, log} to go back to
  };

  function stopGrid() {
    grid.generation++;
    grid.start = null;
    grid.turn = 'none';
  }

  async function startGrid(spec, computerFirst) {
    const gen = ++grid.generation;
    grid.start = spec;
    grid.map = null;
    grid.shape = null;
    grid.history = [];
    $('grid-log').replaceChildren();
    sayGrid('');
    const ok = await gridPosition(spec, gen);
    if (!ok || gen !== grid.generation) return;
    const b = grid.report.board;
    $('grid-how').textContent = b.kind === 'cram'
      ? 'Place a domino: click a free cell, then a free cell beside it.'
      : b.kind === 'chomp'
        ? 'Click a square: it and every square above and to its right are eaten. The dark square is poisoned.'
        : 'Click a vertex: it and its neighbours leave the graph.';
    if (grid.turn === 'over') {
      sayGrid(`No move is possible: the player to move ${grid.report.misere ? 'wins' : 'loses'}.`);
    }
    else if (computerFirst) await gridComputer(gen);
  }

  /** Ask for `spec`'s moves and draw it; false when the server refused. */
  async function gridPosition(spec, gen) {
    grid.spec = spec;
    grid.chosen = null;
    grid.turn = 'computer';
    renderGrid();
    let r;
    try {
      r = await api('/api/board', { game: spec, play: $('grid-misere').checked ? 'misere' : undefined });
    } catch (e) {
      if (gen === grid.generation) {
        grid.turn = 'none';
        grid.report = null;
        sayGrid('The server could not answer: ' + e.message);
        renderGrid();
      }
      return false;
    }
    if (gen !== grid.generation) return false;
    grid.report = r;
    if (r.board.kind === 'node-kayles' && grid.map === null) {
      grid.map = [...Array(r.board.vertices).keys()];
      const m = /^\s*node-kayles:grid:(\d+)\s*[xX×]\s*(\d+)\s*$/.exec(grid.start || '');
      grid.shape = { vertices: r.board.vertices, edges: r.board.edges, cols: m ? Number(m[2]) : null };
    }
    grid.turn = r.moves.length === 0 ? 'over' : 'you';
    renderGrid();
    return true;
  }

  /** Play `m` (yours or the computer's) and show the position after it. */
  async function gridPlay(m, who, gen) {
    const words = gridMoveWords(m);
    $('grid-log').append(el('li', { text: `${who}: ${words}` }));
    if (m.left && grid.map) grid.map = m.left.map((j) => grid.map[j]);
    const ok = await gridPosition(m.after, gen);
    return ok ? words : null;
  }

  async function gridUserMove(m) {
    if (grid.turn !== 'you') return;
    grid.history.push({
      spec: grid.spec,
      map: grid.map && grid.map.slice(),
      log: $('grid-log').children.length,
    });
    const gen = grid.generation;
    const words = await gridPlay(m, 'You', gen);
    if (words === null || gen !== grid.generation) return;
    if (grid.turn === 'over') {
      sayGrid(`You: ${words}. ${gridOver('you')}`);
      return;
    }
    sayGrid(`You: ${words}.`);
    await gridComputer(gen);
  }

  /** Takes back your last move and the computer's answer to it. */
  async function gridUndo() {
    if (grid.turn === 'computer' || grid.history.length === 0) return;
    const back = grid.history.pop();
    const gen = ++grid.generation;
    grid.map = back.map;
    const log = $('grid-log');
    while (log.children.length > back.log) log.lastElementChild.remove();
    if (await gridPosition(back.spec, gen)) sayGrid('Your last move is taken back. Your move.');
  }

  /** The computer plays the solver's reply: the first move listed. */
  async function gridComputer(gen) {
    if (grid.turn !== 'you' || !grid.report) return;
    grid.turn = 'computer';
    renderGrid();
    await new Promise((r) => setTimeout(r, 250));
    if (gen !== grid.generation) return;
    const words = await gridPlay(grid.report.moves[0], 'Computer', gen);
    if (words === null || gen !== grid.generation) return;
    sayGrid(grid.turn === 'over'
      ? `Computer: ${words}. ${gridOver('computer')}`
      : `Computer: ${words}. Your move.`);
  }

  /** The end, by who moved last and the convention the game was played under. */
  function gridOver(lastMover) {
    const misere = Boolean(grid.report && grid.report.misere);
    const youWin = (lastMover === 'you') !== misere;
    return lastMover === 'you'
      ? `Game over: you took the last move, you ${youWin ? 'win!' : 'lose.'}`
      : `Game over: the computer took the last move, you ${youWin ? 'win!' : 'lose.'}`;
  }

  function gridMoveWords(m) {
    const kind = grid.report && grid.report.board.kind;
    if (kind === 'cram') {
      const [a, b] = m.play.split('-');
      return `a domino on ${cellName(a)} and ${cellName(b)}`;
    }
    if (kind === 'chomp') return `eat from ${cellName(m.play)}`;
    const v = grid.map ? grid.map[Number(m.play)] : m.play;
    return `vertex ${v}`;
  }

  /** `r,c` (from 0) as `row r+1, column c+1`. */
  function cellName(rc) {
    const [r, c] = rc.split(',').map(Number);
    return `row ${r + 1}, column ${c + 1}`;
  }

  function sayGrid(text) {
    $('grid-announce').textContent = text;
  }

  const hintClass = (m) => (!m || !$('grid-hints').checked || grid.turn !== 'you' ? '' : m.winning ? 'hint-win' : 'hint-loss');

  function renderGrid() {
    const box = $('grid');
    const r = grid.report;
    const active = document.activeElement;
    const section = $('grid-section');
    const mine = active && active.dataset && active.dataset.focusKey && section.contains(active);
    const focusKey = mine ? active.dataset.focusKey : grid.focusKey;
    grid.focusKey = focusKey;
    box.dataset.turn = grid.turn;
    box.dataset.position = grid.spec || '';
    $('grid-undo').disabled = grid.history.length === 0 || grid.turn === 'computer';
    box.setAttribute('aria-busy', grid.turn === 'computer' ? 'true' : 'false');
    renderGridSummary();
    if (!r) {
      box.replaceChildren();
      $('grid-moves').replaceChildren();
      return;
    }
    const kind = r.board.kind;
    $('grid-edges').textContent = '';
    if (kind === 'cram') drawCram(box, r);
    else if (kind === 'chomp') drawChomp(box, r);
    else drawGraph(box, r);
    $('grid-moves').replaceChildren(...r.moves.map((m) => el('li', {},
      el('button', {
        type: 'button',
        class: ['move', hintClass(m)].join(' ').trim(),
        disabled: grid.turn !== 'you',
        dataset: { play: m.play, focusKey: 'm' + m.play },
        onclick: () => gridUserMove(m),
      }, gridMoveWords(m), hintClass(m) ? el('span', { class: 'tag', text: m.winning ? ' (wins)' : ' (loses)' }) : null))));
    // One cell is in the tab order (the last focused, or the first that
    // can move); the arrow keys move between cells.
    const cells = [...box.querySelectorAll('button.cell')];
    const current = cells.find((c) => c.dataset.focusKey === focusKey && !c.disabled) ||
      cells.find((c) => !c.disabled) || cells[0];
    for (const c of cells) c.tabIndex = c === current ? 0 : -1;
    // Focus follows a keyboard player across the computer's move (the
    // board is redrawn); focus elsewhere on the page stays there.
    const here = !active || active === document.body || mine;
    if (focusKey && here && grid.turn !== 'computer') {
      const again = document.querySelector(`#grid-section [data-focus-key="${focusKey}"]:not(:disabled)`) ||
        box.querySelector('button:not(:disabled)');
      if (again) again.focus();
    }
  }

  function renderGridSummary() {
    const s = $('grid-summary');
    const r = grid.report;
    if (!r) {
      s.textContent = grid.turn === 'computer' ? '(thinking…)' : '';
      return;
    }
    const mover = grid.turn === 'computer' ? 'the computer' : 'you';
    const parts = [el('span', { class: 'pos' }, 'Position ', el('strong', { text: r.game }))];
    if (r.misere) parts.push(el('span', {}, ', ', el('strong', { text: 'misère play' })));
    else if (r.value !== undefined) parts.push(el('span', {}, ', value ', el('strong', { text: nimber(r.value) })));
    const word = grid.turn === 'over' ? 'no move is left'
      : r.winning ? `won by the player to move (${mover})` : `lost for the player to move (${mover})`;
    parts.push(el('span', { class: 'outcome ' + (grid.turn === 'over' ? '' : r.winning ? 'win' : 'loss') }, ': ', word));
    if (r.truncated) parts.push(el('span', { class: 'note', text: ' (the list of moves was cut short)' }));
    s.replaceChildren(...parts);
  }

  /** Arrow keys move focus to the next cell that can be played. */
  function gridKey(ev) {
    const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[ev.key];
    const box = $('grid');
    if (!step || !box.contains(ev.target)) return;
    const items = [...box.children];
    const cols = Number(box.dataset.cols) || 1;
    let i = items.indexOf(ev.target);
    if (i < 0) return;
    ev.preventDefault();
    for (;;) {
      const row = Math.floor(i / cols) + step[0];
      const col = (i % cols) + step[1];
      if (row < 0 || col < 0 || col >= cols || row * cols + col >= items.length) return;
      i = row * cols + col;
      const next = items[i];
      if (next.tagName === 'BUTTON' && !next.disabled) {
        next.focus();
        return;
      }
    }
  }

  function gridCell(attrs, text) {
    return el('button', { type: 'button', class: 'cell', ...attrs }, text || '');
  }

  function drawCram(box, r) {
    const rows = r.board.rows;
    const cols = rows.length ? rows[0].length : 0;
    box.style.gridTemplateColumns = `repeat(${cols}, auto)`;
    box.dataset.cols = String(Math.max(cols, 1));
    const byCell = new Map();
    for (const m of r.moves) {
      for (const c of m.play.split('-')) {
        if (!byCell.has(c)) byCell.set(c, []);
        byCell.get(c).push(m);
      }
    }
    const chosen = grid.chosen ? grid.chosen.join(',') : null;
    const cells = [];
    rows.forEach((line, i) => [...line].forEach((ch, j) => {
      const key = `${i},${j}`;
      const free = ch === '.';
      const moves = byCell.get(key) || [];
      let hint = '';
      let partner = null;
      if (chosen !== null) {
        partner = moves.find((m) => m.play === `${chosen}-${key}` || m.play === `${key}-${chosen}`);
        hint = hintClass(partner);
      } else if (moves.length && hintClass(moves[0])) {
        const wins = moves.some((m) => m.winning);
        const loses = moves.some((m) => !m.winning);
        hint = wins && loses ? 'hint-mixed' : wins ? 'hint-win' : 'hint-loss';
      }
      const label = `row ${i + 1}, column ${j + 1}` + (free ? '' : ', blocked') +
        (key === chosen ? ', chosen' : '') +
        (hint === 'hint-win' ? ', wins' : hint === 'hint-loss' ? ', loses' : hint === 'hint-mixed' ? ', some dominoes win' : '');
      cells.push(gridCell({
        class: ['cell', free ? '' : 'blocked', key === chosen ? 'chosen' : '', hint].join(' ').trim(),
        'aria-label': label,
        'aria-pressed': free ? String(key === chosen) : null,
        disabled: !free || grid.turn !== 'you' || (moves.length === 0),
        dataset: { cell: key, focusKey: 'c' + key },
        onclick: () => cramClick(i, j),
      }));
    }));
    box.replaceChildren(...cells);
  }

  function cramClick(i, j) {
    if (grid.turn !== 'you') return;
    const key = `${i},${j}`;
    if (grid.chosen === null) {
      grid.chosen = [i, j];
      sayGrid(`Chosen ${cellName(key)}: now a free cell beside it.`);
    } else {
      const first = grid.chosen.join(',');
      if (first === key) {
        grid.chosen = null;
        sayGrid('Choice cleared.');
      } else {
        const m = grid.report.moves.find((x) => x.play === `${first}-${key}` || x.play === `${key}-${first}`);
        if (m) {
          grid.chosen = null;
          gridUserMove(m);
          return;
        }
        grid.chosen = [i, j];
        sayGrid(`Not beside the first cell: chosen ${cellName(key)} instead.`);
      }
    }
    renderGrid();
  }

  function drawChomp(box, r) {
    const rows = r.board.rows;
    const cols = rows.length ? Math.max(...rows) : 0;
    box.style.gridTemplateColumns = `repeat(${cols}, auto)`;
    box.dataset.cols = String(Math.max(cols, 1));
    const byCell = new Map(r.moves.map((m) => [m.play, m]));
    const cells = [];
    // The poisoned row (row 0) at the bottom, as the bar is drawn.
    for (let i = rows.length - 1; i >= 0; i--) {
      for (let j = 0; j < cols; j++) {
        const key = `${i},${j}`;
        if (j >= rows[i]) {
          cells.push(el('span', { class: 'cell empty', 'aria-hidden': 'true' }));
          continue;
        }
        const m = byCell.get(key);
        const poison = i === 0 && j === 0;
        const hint = hintClass(m);
        cells.push(gridCell({
          class: ['cell', poison ? 'poison' : '', hint].join(' ').trim(),
          'aria-label': `square row ${i + 1}, column ${j + 1}` + (poison ? ', poisoned' : '') +
            (hint ? (m.winning ? ', wins' : ', loses') : ''),
          disabled: !m || grid.turn !== 'you',
          dataset: { cell: key, focusKey: 'c' + key },
          onclick: () => m && gridUserMove(m),
        }, poison ? '☠' : ''));
      }
    }
    box.replaceChildren(...cells);
  }

  function drawGraph(box, r) {
    const shape = grid.shape;
    const cols = shape.cols || Math.min(shape.vertices, 10);
    box.style.gridTemplateColumns = `repeat(${Math.max(cols, 1)}, auto)`;
    box.dataset.cols = String(Math.max(cols, 1));
    const here = new Map(grid.map.map((v, i) => [v, i]));
    const cells = [];
    for (let v = 0; v < shape.vertices; v++) {
      const i = here.get(v);
      const m = i === undefined ? undefined : r.moves.find((x) => x.play === String(i));
      const hint = hintClass(m);
      cells.push(gridCell({
        class: ['cell', 'vertex', i === undefined ? 'gone' : '', hint].join(' ').trim(),
        'aria-label': `vertex ${v}` + (i === undefined ? ', gone' : '') + (hint ? (m.winning ? ', wins' : ', loses') : ''),
        disabled: !m || grid.turn !== 'you',
        dataset: { vertex: v, focusKey: 'v' + v },
        onclick: () => m && gridUserMove(m),
      }, String(v)));
    }
    box.replaceChildren(...cells);
    const edges = shape.cols ? '' : 'Edges: ' + (shape.edges.map(([a, b]) => `${a}–${b}`).join(', ') || 'none') + '.';
    $('grid-edges').textContent = edges;
  }

  function wireGrid() {
    $('grid-restart').addEventListener('click', () => grid.start && startGrid(grid.start, false));
    $('grid-computer').addEventListener('click', () => grid.start && startGrid(grid.start, true));
    $('grid-undo').addEventListener('click', gridUndo);
    $('grid-hints').addEventListener('change', renderGrid);
    $('grid-misere').addEventListener('change', () => {
      $('grid-rule').textContent = $('grid-misere').checked
        ? 'You play against a perfect player: whoever makes the last move loses.'
        : 'You play against a perfect player: whoever cannot move loses.';
      if (grid.start) startGrid(grid.start, false);
    });
    $('grid').addEventListener('keydown', gridKey);
  }

  // --------------------------------------------------------- board drawing

  function hintsOn() {
    return $('hints').checked;
  }

  function outcomeText(m) {
    return m.winning ? 'wins' : 'loses';
  }

  /** The move a click on token `i` of heap `h` makes (split / take-end). */
  function tokenMove(h, i) {
    const moves = (play.report && play.report.moves) || [];
    const n = play.heaps[h];
    if (isMulti()) {
      return moves.find((m) => m.to.every((x, j) => (j === h ? x === i : x === play.heaps[j])));
    }
    const want = tokenMode() === 'split' ? [i, n - i] : i > 0 ? [i] : [];
    return moves.find((m) => m.heap === h && sameMultiset(m.to, want));
  }

  /** The move that removes tokens a..=b of heap h (take-and-break). */
  function blockMove(h, a, b) {
    const n = play.heaps[h];
    const parts = [a, n - 1 - b].filter((x) => x > 0);
    const moves = (play.report && play.report.moves) || [];
    return moves.find((m) => m.heap === h && m.from - sumOf(m.to) === b - a + 1 && sameMultiset(m.to, parts));
  }

  function renderBoard() {
    const board = $('board');
    const active = document.activeElement;
    let focusKey = active && active.dataset ? active.dataset.focusKey : undefined;
    // Focus follows a keyboard player across the computer's move, while the
    // board is redrawn and its buttons are disabled.
    if (focusKey) play.focusKey = focusKey;
    else if ((!active || active === document.body) && play.focusKey) focusKey = play.focusKey;
    board.dataset.turn = play.turn;
    board.dataset.position = play.heaps ? play.heaps.join(',') : '';
    board.setAttribute('aria-busy', play.turn === 'computer' ? 'true' : 'false');
    $('undo').disabled = play.history.length === 0 || play.turn === 'computer';
    renderSummary();
    if (!play.heaps) {
      board.replaceChildren();
      $('multi-moves').replaceChildren();
      return;
    }
    const rows = [];
    play.heaps.forEach((n, h) => rows.push(renderHeap(n, h)));
    if (rows.length === 0) rows.push(el('p', { class: 'note', text: 'No heaps left.' }));
    board.replaceChildren(...rows);
    renderMultiMoves();
    if (focusKey && play.turn !== 'computer') {
      const again = board.querySelector(`[data-focus-key="${focusKey}"]:not(:disabled)`) ||
        document.querySelector(`#multi-moves [data-focus-key="${focusKey}"]:not(:disabled)`) ||
        board.querySelector('.token[tabindex="0"]:not(:disabled)') ||
        document.querySelector('#multi-moves button.move:not(:disabled)');
      if (again) again.focus();
      else play.focusKey = undefined;
    }
  }

  function renderSummary() {
    const s = $('play-summary');
    if (!play.heaps) {
      s.textContent = '';
      return;
    }
    const r = play.report;
    const pos = isMulti() ? `(${play.heaps.join(', ')})` : play.heaps.join(' + ') || 'no heaps';
    const parts = [el('span', { class: 'pos' }, 'Position ', el('strong', { text: pos }))];
    if (isMisere()) parts.push(el('span', {}, ', ', el('strong', { text: 'misère play' })));
    if (r && !isMulti() && !isMisere() && play.heaps.length) {
      const vs = play.heaps.map(heapValue);
      const terms = vs.every((v) => v !== null) ? vs.map(nimber).join(' ⊕ ') + ' = ' : '';
      parts.push(el('span', {}, ', nim-sum ', el('strong', { text: terms + nimber(r.value) })));
    }
    if (r) {
      const mover = play.turn === 'computer' ? 'the computer' : 'you';
      const wins = r.winning;
      const word = play.turn === 'over'
        ? 'no move is left'
        : wins
          ? `won by the player to move (${mover})`
          : `lost for the player to move (${mover})`;
      parts.push(el('span', { class: 'outcome ' + (play.turn === 'over' ? '' : wins ? 'win' : 'loss') }, ': ', word));
      if (r.method) parts.push(el('span', { class: 'note method', text: ' ' + methodText(r) }));
      if (r.truncated) parts.push(el('span', { class: 'note', text: ' (the list of moves was cut short)' }));
    } else {
      parts.push(el('span', { class: 'note', text: ' (thinking…)' }));
    }
    s.replaceChildren(...parts);
  }

  /** How the solver read a misère position, in words. */
  function methodText(r) {
    if (r.method === 'quotient' && r.quotient) {
      const reach = r.quotient.every_heap ? 'of every heap' : `of heaps up to ${r.quotient.max_heap}`;
      return `(by the misère quotient ${reach}, ${r.quotient.size} elements)`;
    }
    if (r.method === 'tame') return '(by the misère rule of nim: the heaps are tame)';
    if (r.method === 'judge') return '(by game-tree search)';
    return '';
  }

  function renderHeap(n, h) {
    const mode = tokenMode();
    const moves = ((play.report && play.report.moves) || []).filter((m) => m.heap === h);
    const v = heapValue(n);
    const yourTurn = play.turn === 'you';
    const sel = play.selection && play.selection.heap === h ? play.selection : null;
    const label = el('div', { class: 'heap-label', id: `heap-${h}-label` },
      el('strong', { text: `Heap ${h + 1}` }), `: ${n} token${n === 1 ? '' : 's'}`,
      v !== null ? el('span', { class: 'value', text: `, value ${nimber(v)}` }) : null);

    const tokens = el('div', { class: 'tokens', role: 'group', 'aria-labelledby': `heap-${h}-label`, dataset: { mode } });
    if (n > MAX_TOKENS) {
      tokens.append(el('span', { class: 'note', text: `${n} tokens: too many to draw, use the list of moves.` }));
    } else {
      const focusIndex = sel ? sel.b : 0;
      for (let i = 0; i < n; i++) {
        const chosen = sel && i >= Math.min(sel.a, sel.b) && i <= Math.max(sel.a, sel.b);
        let hint = null;
        if (hintsOn() && mode !== 'block' && yourTurn) {
          const m = tokenMove(h, i);
          hint = m ? (m.winning ? 'win' : 'loss') : null;
        }
        const t = el('button', {
          type: 'button',
          class: ['token', chosen ? 'chosen' : '', hint ? 'hint-' + hint : ''].join(' ').trim(),
          tabindex: i === focusIndex ? '0' : '-1',
          'aria-label': tokenLabel(mode, h, i, n, hint),
          'aria-pressed': mode === 'block' ? (chosen ? 'true' : 'false') : null,
          disabled: !yourTurn,
          dataset: { heap: h, index: i, focusKey: `t${h}-${i}` },
          onclick: () => tokenClick(h, i),
          onkeydown: (ev) => tokenKey(ev, h, i, n),
        });
        if (hint) t.append(el('span', { class: 'mark', 'aria-hidden': 'true', text: hint === 'win' ? 'W' : 'L' }));
        tokens.append(t);
      }
    }

    const row = el('div', { class: 'heap', dataset: { heap: h } }, label, tokens);
    if (mode === 'block' && sel) row.append(renderSelection(h, sel));
    if (!isMulti()) row.append(renderMoveList(h, moves, yourTurn));
    return row;
  }

  function tokenLabel(mode, h, i, n, hint) {
    const base = `heap ${h + 1}, token ${i + 1} of ${n}`;
    let action = '';
    if (mode === 'split') action = i === 0 ? '' : `: split into ${i} + ${n - i}`;
    else if (mode === 'take-end') action = `: take ${n - i}, leaving ${i}`;
    const outcome = hint ? (hint === 'win' ? ', this move wins' : ', this move loses') : '';
    return base + action + outcome;
  }

  function tokenClick(h, i) {
    if (play.turn !== 'you') return;
    const mode = tokenMode();
    if (mode !== 'block') {
      const m = tokenMove(h, i);
      if (m) userMove(m);
      else say(mode === 'split'
        ? `Splitting heap ${h + 1} there is not a legal move (the two heaps must differ).`
        : `Taking ${play.heaps[h] - i} from heap ${h + 1} is not a legal move.`);
      return;
    }
    const sel = play.selection;
    if (sel && sel.heap === h) {
      if (sel.a === sel.b && sel.a === i) play.selection = null; // click again: clear
      else play.selection = { heap: h, a: sel.a, b: i };
    } else {
      play.selection = { heap: h, a: i, b: i };
    }
    renderBoard();
  }

  function tokenKey(ev, h, i, n) {
    let to = null;
    if (ev.key === 'ArrowRight') to = Math.min(n - 1, i + 1);
    else if (ev.key === 'ArrowLeft') to = Math.max(0, i - 1);
    else if (ev.key === 'Home') to = 0;
    else if (ev.key === 'End') to = n - 1;
    else if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      const next = h + (ev.key === 'ArrowDown' ? 1 : -1);
      const t = $('board').querySelector(`.token[data-heap="${next}"][tabindex="0"]`);
      if (t) {
        ev.preventDefault();
        t.focus();
      }
      return;
    } else if (ev.key === 'Escape' && play.selection) {
      play.selection = null;
      renderBoard();
      return;
    }
    if (to === null) return;
    ev.preventDefault();
    const tokens = ev.target.parentElement.querySelectorAll('.token');
    tokens.forEach((t, j) => t.setAttribute('tabindex', j === to ? '0' : '-1'));
    tokens[to].focus();
  }

  /** The chosen block and whether taking it is legal. */
  function renderSelection(h, sel) {
    const a = Math.min(sel.a, sel.b);
    const b = Math.max(sel.a, sel.b);
    const k = b - a + 1;
    const m = blockMove(h, a, b);
    const box = el('div', { class: 'selection' });
    if (m) {
      const hint = hintsOn() ? ` (${outcomeText(m)})` : '';
      box.append(el('button', {
        type: 'button',
        class: 'take' + (hintsOn() ? (m.winning ? ' win' : ' loss') : ''),
        dataset: { focusKey: `take${h}` },
        onclick: () => userMove(m),
      }, `Take ${k} token${k === 1 ? '' : 's'} → ${m.to.length ? m.to.join(' + ') : 'nothing left'}${hint}`));
    } else {
      box.append(el('span', { class: 'illegal', text: `Taking these ${k} token${k === 1 ? '' : 's'} is not a legal move in ${state.game}. ` }));
    }
    box.append(el('button', {
      type: 'button',
      class: 'link',
      onclick: () => {
        play.selection = null;
        renderBoard();
      },
    }, 'Clear'));
    return box;
  }

  /** Every legal move from heap h, as buttons. */
  function renderMoveList(h, moves, enabled) {
    const details = el('details', { class: 'moves', dataset: { heap: h } });
    details.open = !!play.openLists && play.openLists.has(h);
    details.addEventListener('toggle', () => {
      play.openLists = play.openLists || new Set();
      if (details.open) play.openLists.add(h);
      else play.openLists.delete(h);
    });
    const wins = moves.filter((m) => m.winning).length;
    const summary = hintsOn() && play.report
      ? `Moves from heap ${h + 1} (${moves.length}, ${wins} winning)`
      : `Moves from heap ${h + 1} (${moves.length})`;
    details.append(el('summary', { text: summary }));
    details.append(moveButtons(moves, enabled, `m${h}`));
    return details;
  }

  function moveButtons(moves, enabled, key) {
    const list = el('ul', { class: 'move-list' });
    moves.forEach((m, j) => {
      const hint = hintsOn();
      list.append(el('li', {}, el('button', {
        type: 'button',
        class: 'move' + (hint ? (m.winning ? ' win' : ' loss') : ''),
        disabled: !enabled,
        dataset: { focusKey: `${key}-${j}`, to: m.to.join(','), heap: m.heap === null || m.heap === undefined ? '' : m.heap },
        onclick: () => userMove(m),
      }, describe(m), hint ? el('span', { class: 'tag', text: m.winning ? ' wins' : ' loses' }) : null)));
    });
    if (moves.length === 0) list.append(el('li', { class: 'note', text: 'no move' }));
    return list;
  }

  /** Multi-heap games: one list of moves for the whole position. */
  function renderMultiMoves() {
    const box = $('multi-moves');
    if (!isMulti() || !play.report) {
      box.replaceChildren();
      return;
    }
    const moves = play.report.moves;
    const wins = moves.filter((m) => m.winning).length;
    box.replaceChildren(
      el('h3', { text: `Moves (${moves.length}${hintsOn() ? `, ${wins} winning` : ''})` }),
      el('p', { class: 'note', text: 'Click a token to take it and every token after it from that heap, or pick a move:' }),
      moveButtons(moves, play.turn === 'you', 'mm'));
  }

  // ------------------------------------------------------------- wiring

  function wire() {
    $('game-code').addEventListener('input', checkSpec);
    $('game-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      const spec = $('game-code').value.trim() || $('game-select').value;
      if (spec) openGame(spec);
    });
    // Arrow keys on a closed select fire `change` at each step: open the
    // game the choice settles on.
    const openChosen = debounce(() => {
      const name = $('game-select').value;
      if (name) openGame(name);
    }, 350);
    $('game-select').addEventListener('change', openChosen);
    $('range-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      const from = Number($('range-from').value);
      const to = Number($('range-to').value);
      if (!Number.isFinite(from) || !Number.isFinite(to) || from < 0 || to < from) {
        $('values-status').textContent = 'The range needs 0 ≤ from ≤ to.';
        return;
      }
      setRange(from, to);
    });
    $('zoom-in').addEventListener('click', () => zoom(0.5));
    $('zoom-out').addEventListener('click', () => zoom(2));
    $('pan-left').addEventListener('click', () => pan(-1));
    $('pan-right').addEventListener('click', () => pan(1));
    $('verdict-stop').addEventListener('click', () => {
      stopStream();
      $('verdict-text').textContent = 'Stopped: no verdict.';
    });
    const start = (computerFirst) => {
      const heaps = parseHeaps($('play-heaps').value);
      if (!heaps || heaps.length > MAX_HEAPS || heaps.some((x) => x > MAX_TOKENS)) {
        say(`Heaps: up to ${MAX_HEAPS} numbers from 0 to ${MAX_TOKENS}, separated by commas.`);
        return;
      }
      if (state.game) startPlay(heaps, computerFirst);
    };
    $('play-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      start(false);
    });
    $('play-start-computer').addEventListener('click', () => start(true));
    $('hints').addEventListener('change', () => {
      writeHash();
      renderBoard();
    });
    $('undo').addEventListener('click', undo);
    $('play-normal').addEventListener('change', conventionChanged);
    $('play-misere').addEventListener('change', conventionChanged);
    // The address holds the game; a hash edited by hand opens what it names.
    window.addEventListener('hashchange', () => {
      if (/(^|[#&])(game|play)=/.test(location.hash)) fromHash();
      else writeHash();
    });
    // The section links scroll without replacing the game in the address.
    document.querySelectorAll('.jump a').forEach((a) => a.addEventListener('click', (ev) => {
      const target = document.getElementById(a.getAttribute('href').slice(1));
      if (!target) return;
      ev.preventDefault();
      target.setAttribute('tabindex', '-1');
      target.scrollIntoView();
      target.focus({ preventScroll: true });
    }));
    // Focus is carried across redraws only while it stays on the board.
    document.addEventListener('focusin', (ev) => {
      if (!(ev.target.dataset && ev.target.dataset.focusKey)) play.focusKey = undefined;
    });
    document.addEventListener('pointerdown', (ev) => {
      if (!ev.target.closest || !ev.target.closest('#board, #multi-moves')) play.focusKey = undefined;
    });
  }

  /** Restore the game, range and position from the address. */
  async function fromHash() {
    const h = readHash();
    const spec = h.game || 'kayles';
    const opts = {};
    if (h.from !== undefined && /^\d+$/.test(h.from)) opts.from = Number(h.from);
    if (h.to !== undefined && /^\d+$/.test(h.to)) opts.to = Number(h.to);
    if (opts.from !== undefined && (opts.to === undefined || opts.to < opts.from)) opts.to = opts.from + DEFAULT_TO;
    if (h.heaps !== undefined) {
      const heaps = parseHeaps(h.heaps);
      if (heaps && heaps.length <= MAX_HEAPS && heaps.every((x) => x <= MAX_TOKENS)) opts.heaps = heaps;
    }
    $('hints').checked = h.hints === '1';
    $('play-misere').checked = h.misere === '1';
    $('play-normal').checked = h.misere !== '1';
    const ok = await openGame(spec, opts);
    if (ok && h.quotient !== undefined && !isMulti()) {
      if (h.quotient === 'every') loadQuotient(true);
      else if (/^\d{1,6}$/.test(h.quotient)) {
        $('misere-max').value = h.quotient;
        loadQuotient(false);
      }
    }
    if (!ok && spec !== 'kayles') {
      const why = $('game-check').textContent;
      await openGame('kayles');
      $('game-check').className = 'check bad';
      $('game-check').textContent = `${why} (the address named '${spec}'; showing kayles instead)`;
    }
  }

  // -------------------------------------------------------------- catalogue
  // Shown only when the server was started with `--catalogue FILE`
  // (otherwise /api/catalogue answers 404 `no_catalogue`).

  const CATALOGUE_PAGE = 50;
  const catalogue = { offset: 0, total: 0, generation: 0 };

  function catalogueCell(v) {
    return el('td', { text: v === null || v === undefined ? '–' : String(v) });
  }

  /** The page of the catalogue at `catalogue.offset` under the filters. */
  async function loadCatalogue(first) {
    const gen = ++catalogue.generation;
    const params = { offset: catalogue.offset, limit: CATALOGUE_PAGE };
    const status = $('catalogue-status').value;
    const q = $('catalogue-q').value.trim();
    if (status) params.status = status;
    if (q) params.q = q;
    let page;
    try {
      page = await api('/api/catalogue', params);
    } catch (e) {
      if (gen !== catalogue.generation) return;
      if (first && e.status === 404) return; // no catalogue: no section
      $('catalogue-status-line').textContent = '✗ ' + e.message;
      return;
    }
    if (gen !== catalogue.generation) return;
    $('catalogue-section').hidden = false;
    $('jump-catalogue').hidden = false;
    catalogue.total = page.total;
    const rows = page.rows || [];
    const head = el('tr', {}, ...['game', 'status', 'preperiod', 'period', 'saltus', 'checked to', 'largest value', 'certificate']
      .map((h) => el('th', { scope: 'col', text: h })));
    const body = el('tbody');
    for (const r of rows) {
      const open = el('a', {
        href: '#' + query({ game: r.game }),
        class: 'game-link',
        onclick: () => setTimeout(() => {
          const h = $('picker-h');
          h.setAttribute('tabindex', '-1');
          h.scrollIntoView();
          h.focus({ preventScroll: true });
        }, 0),
      }, r.game);
      const cert = r.status === 'proved'
        ? el('a', { href: '/api/catalogue/' + encodeURIComponent(r.game) + '/certificate', download: true, class: 'cert-link', 'aria-label': `certificate of ${r.game}` }, 'download')
        : '–';
      body.append(el('tr', { dataset: { game: r.game, status: r.status } },
        el('th', { scope: 'row' }, open),
        catalogueCell(r.status),
        catalogueCell(r.preperiod),
        catalogueCell(r.period),
        catalogueCell(r.saltus),
        catalogueCell(r.checked_to),
        catalogueCell(r.max_value),
        el('td', {}, cert)));
    }
    const table = el('table', { class: 'values catalogue' }, el('thead', {}, head), body);
    $('catalogue-table').replaceChildren(table);
    const last = catalogue.offset + rows.length;
    $('catalogue-status-line').textContent = page.total === 0
      ? 'No game matches.'
      : `Games ${catalogue.offset + 1}–${last} of ${page.total}.`;
    $('catalogue-prev').disabled = catalogue.offset === 0;
    $('catalogue-next').disabled = last >= page.total;
  }

  function wireCatalogue() {
    const refilter = () => {
      catalogue.offset = 0;
      loadCatalogue(false);
    };
    $('catalogue-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      refilter();
    });
    $('catalogue-status').addEventListener('change', refilter);
    $('catalogue-q').addEventListener('input', debounce(refilter, 300));
    $('catalogue-prev').addEventListener('click', () => {
      catalogue.offset = Math.max(0, catalogue.offset - CATALOGUE_PAGE);
      loadCatalogue(false);
    });
    $('catalogue-next').addEventListener('click', () => {
      if (catalogue.offset + CATALOGUE_PAGE < catalogue.total) catalogue.offset += CATALOGUE_PAGE;
      loadCatalogue(false);
    });
  }

  // ------------------------------------------------------- misère quotient
  // `/api/misere`: asked for when the reader presses Compute (a quotient
  // may take seconds), for the heaps up to a bound or for every heap.

  const quotient = { generation: 0, stream: null, shown: null };

  function stopQuotientStream() {
    if (quotient.stream) {
      quotient.stream.close();
      quotient.stream = null;
    }
    $('misere-progress').hidden = true;
  }

  function resetQuotient(game, heapGame, boardGame) {
    quotient.generation++;
    quotient.shown = null;
    stopQuotientStream();
    $('misere-body').hidden = !heapGame;
    $('misere-none').hidden = heapGame;
    $('jump-misere').hidden = !heapGame;
    $('misere-none').textContent = heapGame
      ? ''
      : boardGame
        ? `${game} is played on a board or graph, not on heaps, so it has no misère quotient of heaps.`
        : `${game} is played on several heaps at once and is not a sum of single heaps, so it has no misère quotient of heaps.`;
    $('misere-result').hidden = true;
    $('misere-status').className = 'status';
    $('misere-status').textContent = heapGame ? 'Press Compute for the quotient of the heaps up to the bound.' : '';
  }

  function quotientFailed(message) {
    stopQuotientStream();
    forgetQuotient();
    $('misere-status').className = 'status bad';
    $('misere-status').textContent = '✗ ' + message;
  }

  /**
   * The quotient, streamed where the browser can (progress heap by heap, and
   * Stop, which closes the stream and so stops the computation), else asked
   * from the plain route.
   */
  function loadQuotient(every) {
    if (!state.game || isMulti()) return;
    const gen = ++quotient.generation;
    stopQuotientStream();
    const params = { game: state.game };
    const status = $('misere-status');
    status.className = 'status';
    if (!every) {
      const text = $('misere-max').value.trim();
      if (!/^\d{1,6}$/.test(text)) {
        quotientFailed('The heap bound must be a whole number, 0 or more.');
        $('misere-max').focus();
        return;
      }
      params.max_heap = Number(text);
    }
    status.textContent = every
      ? 'Computing the quotient of every heap…'
      : `Computing the quotient of the heaps up to ${params.max_heap}…`;
    $('misere-result').hidden = true;
    forgetQuotient();
    const plain = async () => {
      try {
        const q = await api('/api/misere', params);
        if (gen === quotient.generation) showQuotient(q, every);
      } catch (e) {
        if (gen === quotient.generation) quotientFailed(e.message);
      }
    };
    if (typeof EventSource === 'undefined') {
      plain();
      return;
    }
    const bar = $('misere-bar');
    bar.removeAttribute('value');
    $('misere-progress-text').textContent = '';
    $('misere-progress').hidden = false;
    quotient.stream = streamQuestion('/api/stream/misere', params, (es) => quotient.stream === es, {
      progress(p) {
        if (p.total) {
          bar.max = p.total;
          bar.value = p.done;
          $('misere-progress-text').textContent = `heap ${p.done} of ${p.total}`;
        }
      },
      result(q) {
        stopQuotientStream();
        showQuotient(q, every);
      },
      error: quotientFailed,
      broken() {
        stopQuotientStream();
        plain();
      },
    });
  }

  /** No quotient shown: the address says so too. */
  function forgetQuotient() {
    if (quotient.shown === null) return;
    quotient.shown = null;
    writeHash();
  }

  function showQuotient(q, every) {
    quotient.shown = every ? 'every' : q.max_heap;
    writeHash();
    renderQuotient(q);
    $('misere-status').className = 'status';
    $('misere-status').textContent = '';
  }

  function renderQuotient(q) {
    const name = (e) => q.elements[e];
    const lost = new Set(q.p_portion);
    $('misere-summary').textContent =
      `${q.game}, heaps 0 to ${q.max_heap}: ${q.size} element${q.size === 1 ? '' : 's'}, ` +
      `${q.p_portion.length} in the P-portion (${q.p_portion.map(name).join(', ')}).`;
    const p = q.period;
    const period = p
      ? asSentence(p.sentence)
      : 'The pretending map shows no period up to this bound.';
    $('misere-period').textContent = period;
    $('misere-generators').textContent = q.generators.length === 0
      ? 'No generators: every heap pretends to be the identity.'
      : 'Generators: ' + q.generators.map((g) => `${g.name} = heap ${g.heap}`).join(', ') +
        (q.relations.length === 0 ? '; no relations.' : '; relations:');
    $('misere-relations').replaceChildren(...q.relations.map((r) => el('li', {}, ...withPowers(r))));
    $('misere-relations').hidden = q.relations.length === 0;

    const mapHead = el('tr', {}, ...['heap', 'pretends to be', 'one heap alone'].map((h) => el('th', { scope: 'col', text: h })));
    const mapBody = el('tbody');
    q.pretending.forEach((e, n) => {
      mapBody.append(el('tr', { dataset: { heap: n, element: e } },
        el('th', { scope: 'row', text: String(n) }),
        el('td', { class: 'word', text: name(e) }),
        el('td', { class: lost.has(e) ? 'zero' : '', text: lost.has(e) ? 'lost' : 'won' })));
    });
    $('misere-map').replaceChildren(el('table', { class: 'values' }, el('thead', {}, mapHead), mapBody));

    const head = el('tr', {}, ...['element', 'a shortest sum', 'outcome'].map((h) => el('th', { scope: 'col', text: h })));
    const body = el('tbody');
    q.elements.forEach((word, e) => {
      const sum = q.representatives[e];
      body.append(el('tr', { dataset: { element: e, lost: lost.has(e) ? 1 : 0 } },
        el('th', { scope: 'row', class: 'word', text: word }),
        el('td', { class: 'sum', text: sum.length === 0 ? '(no heaps)' : sum.join(' + ') }),
        el('td', { class: lost.has(e) ? 'zero' : '', text: lost.has(e) ? 'P: lost' : 'N: won' })));
    });
    $('misere-elements').replaceChildren(el('table', { class: 'values' }, el('thead', {}, head), body));
    $('misere-result').hidden = false;
  }

  function wireQuotient() {
    $('misere-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      loadQuotient(false);
    });
    $('misere-every').addEventListener('click', () => loadQuotient(true));
    $('misere-stop').addEventListener('click', () => {
      quotient.generation++;
      stopQuotientStream();
      forgetQuotient();
      $('misere-status').className = 'status';
      $('misere-status').textContent = 'Stopped.';
    });
  }

  wire();
  wireGrid();
  wireQuotient();
  wireCatalogue();
  loadGames().then(fromHash);
  loadCatalogue(true);
})();
