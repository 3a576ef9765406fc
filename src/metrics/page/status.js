// The status page: polls /status.json every second and redraws. Every
// value goes in with textContent (site names, check details and
// certificate names come from configuration and peers), nothing is
// fetched from anywhere but this listener.
"use strict";

const POLL_MS = 1000;
const EXPIRING_DAYS = 14;
let updates = 0;

function $(id) { return document.getElementById(id); }

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

function num(n) {
  return n === null || n === undefined ? "–" : Number(n).toLocaleString("en-US");
}

function bytes(n) {
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i++; }
  return (i === 0 ? n : n.toFixed(1)) + " " + units[i];
}

function duration(seconds) {
  seconds = Math.floor(seconds);
  const d = Math.floor(seconds / 86400), h = Math.floor(seconds % 86400 / 3600);
  const m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
  if (d) return `${d}d ${h}h ${m}m`;
  if (h) return `${h}h ${m}m ${s}s`;
  if (m) return `${m}m ${s}s`;
  return `${s}s`;
}

function when(unix) { return new Date(unix * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC"); }

// A table row; a cell given as {n: text} is numeric (aligned right).
function row(cells) {
  const tr = document.createElement("tr");
  for (const c of cells) {
    if (c instanceof Node) { const td = el("td"); td.appendChild(c); tr.appendChild(td); }
    else if (typeof c === "number") tr.appendChild(el("td", num(c), "num"));
    else if (c !== null && typeof c === "object") tr.appendChild(el("td", c.n, "num"));
    else tr.appendChild(el("td", c));
  }
  return tr;
}

function fill(tableId, rows, empty) {
  const body = $(tableId).tBodies[0];
  body.replaceChildren(...rows);
  if (rows.length === 0 && empty) {
    const tr = row([empty]);
    tr.firstChild.colSpan = $(tableId).tHead.rows[0].cells.length;
    tr.firstChild.className = "muted";
    body.appendChild(tr);
  }
}

function facts(dlId, pairs) {
  const dl = $(dlId);
  const items = [];
  for (const [k, v, id] of pairs) {
    items.push(el("dt", k));
    const dd = el("dd", v);
    if (id) dd.id = id;
    items.push(dd);
  }
  dl.replaceChildren(...items);
}

function chart(svgId, legendId, series, format) {
  const svg = $(svgId);
  const ns = "http://www.w3.org/2000/svg";
  const names = Object.keys(series);
  const len = Math.max(0, ...names.map((n) => series[n].length));
  const max = Math.max(1, ...names.flatMap((n) => series[n]));
  const items = [];
  names.forEach((name, i) => {
    const values = series[name];
    if (values.length < 2) return;
    const line = document.createElementNS(ns, "polyline");
    const x0 = 300 - (values.length - 1) * (300 / Math.max(1, len - 1));
    const points = values.map((v, j) => `${(x0 + j * 300 / Math.max(1, len - 1)).toFixed(1)},${(98 - v / max * 88).toFixed(1)}`);
    line.setAttribute("points", points.join(" "));
    line.setAttribute("class", "c" + (i % 5));
    items.push(line);
  });
  const top = document.createElementNS(ns, "text");
  top.setAttribute("x", "2"); top.setAttribute("y", "9");
  top.textContent = "max " + format(max) + (len ? `, last ${duration(len)}` : "");
  items.push(top);
  svg.replaceChildren(...items);
  const legend = $(legendId);
  legend.replaceChildren(...names.map((name, i) => {
    const values = series[name];
    const s = el("span");
    s.appendChild(el("i", null, "c" + (i % 5)));
    s.appendChild(document.createTextNode(`${name} ${format(values.length ? values[values.length - 1] : 0)}`));
    return s;
  }));
}

function render(s) {
  const p = s.process;
  $("version").textContent = p.version;
  $("schema").textContent = s.schema;
  facts("process", [
    ["pid", p.master_pid ? `${p.pid} (master ${p.master_pid})` : p.pid, "pid"],
    ["uptime", duration(p.uptime_seconds), "uptime"],
    ["configuration", `generation ${p.configuration.generation}, loaded ${when(p.configuration.loaded_at)}`, "generation"],
    ["reloads", `${p.configuration.reloads_ok} ok, ${p.configuration.reloads_failed} failed`],
    ["open connections", num(p.connections_open), "connections-open"],
    ["connections accepted", num(p.connections_total)],
  ]);
  fill("workers", p.workers.map((w) => row([w.id, w.cpu === null ? "not pinned" : "CPU " + w.cpu, w.connections_open, w.connections_total])));

  const k = s.ktls;
  const established = s.tls.handshakes.full + s.tls.handshakes.resumed;
  $("ktls-summary").textContent = k.available
    ? `kTLS available: ${num(k.offloaded_tx)} connections offloaded TX, ${num(k.offloaded_rx)} RX, ${num(k.user_space)} in user space; ${bytes(k.sendfile_bytes.ktls)} sent with sendfile() through kTLS.`
    : `kTLS not available on this kernel: every one of ${num(established)} TLS connections is encrypted in user space (${bytes(k.user_space_encrypted_bytes)} so far).`;
  $("ktls-summary").className = k.available ? "" : "muted";
  fill("ktls-ciphers", k.by_cipher.map((c) => {
    const all = c.kernel + c.user_space;
    return row([c.version, c.cipher, c.kernel, c.user_space, { n: all ? (100 * c.kernel / all).toFixed(0) + " %" : "–" }]);
  }), "no TLS connection yet");
  fill("ktls-fallbacks", Object.entries(k.fallbacks).filter(([, n]) => n > 0).map(([r, n]) => row([r.replaceAll("_", " "), n])),
    "none");

  const h = s.traffic.history;
  chart("chart-protocol", "legend-protocol", h.requests_per_second, (v) => num(Math.round(v)));
  chart("chart-status", "legend-status", h.responses_per_second, (v) => num(Math.round(v)));
  chart("chart-bytes", "legend-bytes", h.body_bytes_per_second, (v) => bytes(Math.round(v)) + "/s");
  const requests = Object.values(s.traffic.requests).reduce((a, b) => a + b, 0);
  facts("traffic-totals", [
    ["requests", num(requests), "requests-total"],
    ["by protocol", Object.entries(s.traffic.requests).map(([k2, v]) => `${k2} ${num(v)}`).join(", ")],
    ["responses", Object.entries(s.traffic.responses).map(([k2, v]) => `${k2} ${num(v)}`).join(", "), "responses-total"],
    ["body bytes", Object.entries(s.traffic.body_bytes).map(([k2, v]) => `${k2} ${bytes(v)}`).join(", ")],
  ]);

  fill("sites", s.sites.map((site) => {
    const tr = row([site.name, site.requests, site.responses["1xx"], site.responses["2xx"], site.responses["3xx"],
      site.responses["4xx"], site.responses["5xx"], { n: bytes(site.body_bytes) }]);
    tr.dataset.site = site.name;
    tr.dataset.requests = site.requests;
    return tr;
  }));
  const certs = [];
  for (const site of s.sites) {
    for (const c of site.certificates) {
      const days = c.days_left === null ? null : Math.floor(c.days_left);
      const tr = row([site.name, c.names.join(" "), c.origin, c.not_after === null ? "unknown" : when(c.not_after),
        { n: days === null ? "unknown" : days }]);
      if (days !== null && days < EXPIRING_DAYS) tr.lastChild.classList.add("expiring");
      tr.dataset.site = site.name;
      if (days !== null) tr.dataset.daysLeft = days;
      certs.push(tr);
    }
  }
  fill("certificates", certs, "no certificate (no TLS listener)");

  const servers = [];
  for (const u of s.upstreams) {
    for (const sv of u.servers) {
      const state = el("span", sv.up ? "up" : "down", sv.up ? "up" : "down");
      const check = !sv.health_check ? "no health check"
        : sv.last_check === null ? "not checked yet"
        : `${sv.last_check.ok ? "passed" : "failed"}: ${sv.last_check.detail}, ${duration(sv.last_check.seconds_ago)} ago`;
      const tr = row([u.name, sv.server, state, check, sv.active, sv.idle, sv.requests, sv.failures,
        { n: sv.mean_response_ms === null ? "–" : sv.mean_response_ms.toFixed(1) + " ms" }]);
      tr.dataset.upstream = u.name;
      tr.dataset.server = sv.server;
      tr.dataset.state = sv.up ? "up" : "down";
      servers.push(tr);
    }
  }
  fill("upstreams", servers, "no upstream configured");

  const t = s.tls;
  facts("tls", [
    ["full handshakes", num(t.handshakes.full)],
    ["resumed", num(t.handshakes.resumed)],
    ["resumption ratio", t.resumption_ratio === null ? "–" : (100 * t.resumption_ratio).toFixed(1) + " %"],
    ["plain HTTP on the TLS port", num(t.plain_http_on_tls_port)],
  ]);
  fill("tls-failures", Object.entries(t.failures).filter(([, n]) => n > 0).map(([r, n]) => row([r.replaceAll("_", " "), n])), "none");
}

async function poll() {
  const state = $("state");
  try {
    const response = await fetch("/status.json", { cache: "no-store" });
    if (!response.ok) throw new Error(`/status.json answered ${response.status}`);
    render(await response.json());
    updates++;
    state.dataset.updates = updates;
    state.className = "";
    state.textContent = `updated ${new Date().toLocaleTimeString()}`;
  } catch (e) {
    state.className = "stale";
    state.textContent = `not updated: ${e.message}; retrying`;
  }
  setTimeout(poll, POLL_MS);
}

poll();
