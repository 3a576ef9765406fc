-- Prints wrk's summary as one JSON line, exactly (wrk's own text rounds).
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"bytes":%d,"duration_us":%d,"connect_errors":%d,' ..
    '"read_errors":%d,"write_errors":%d,"status_errors":%d,"timeouts":%d,' ..
    '"p50_us":%d,"p99_us":%d}\n',
    summary.requests, summary.bytes, summary.duration, e.connect, e.read,
    e.write, e.status, e.timeout, latency:percentile(50), latency:percentile(99)))
end
