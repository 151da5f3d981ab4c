/*
 * Lock Facade activity page: fetches /admin/api/activity once per sample period, updates the figures and the
 * hottest-types table, and draws the last five minutes on the canvas. Served from the master's jar; the
 * Content-Security-Policy allows no inline script, and nothing is loaded from elsewhere.
 */
(function () {
  'use strict';

  var GRANTS_COLOUR = '#2f6fd0';
  var WAITERS_COLOUR = '#d35400';
  var GRID_COLOUR = '#dde2ea';
  var TEXT_COLOUR = '#5d6778';
  var FONT = '12px system-ui, sans-serif';
  var PADDING_LEFT = 44;
  var PADDING_RIGHT = 12;
  var PADDING_TOP = 18;
  var AXIS_HEIGHT = 20;
  var PANEL_GAP = 22;
  var MIN_REFRESH_MILLIS = 500;
  var MILLIS_PER_SECOND = 1000;
  var SECONDS_PER_MINUTE = 60;

  function text(id, value) {
    var element = document.getElementById(id);
    if (element) {
      element.textContent = value;
    }
  }

  /* The same two-unit durations as the page's server side: 850 ms, 42 s, 3 min 07 s, 2 h 05 min. */
  function duration(millis) {
    var seconds = Math.floor(millis / MILLIS_PER_SECOND);
    if (seconds < 1) {
      return Math.max(0, Math.round(millis)) + ' ms';
    }
    if (seconds < SECONDS_PER_MINUTE) {
      return seconds + ' s';
    }
    var minutes = Math.floor(seconds / SECONDS_PER_MINUTE);
    if (minutes < SECONDS_PER_MINUTE) {
      return minutes + ' min ' + String(seconds % SECONDS_PER_MINUTE).padStart(2, '0') + ' s';
    }
    return Math.floor(minutes / SECONDS_PER_MINUTE) + ' h ' + String(minutes % SECONDS_PER_MINUTE).padStart(2, '0')
        + ' min';
  }

  function clock(iso) {
    return iso ? iso.substring(11, 19) : '';
  }

  function showFigures(report) {
    text('grants-per-second', String(Math.round(report.grantsPerSecond)));
    text('waiters', String(report.waiters));
    text('longest-wait', duration(report.longestWaitMillis));
    text('sampled-at', clock(report.sampledAt));
  }

  /* Rebuilds the table from text nodes only: lock types are client data and never parsed as HTML. */
  function showHottest(hottest) {
    var body = document.querySelector('#hottest tbody');
    if (!body) {
      return;
    }
    while (body.firstChild) {
      body.removeChild(body.firstChild);
    }
    var max = hottest.length > 0 ? hottest[0].waitMillis : 0;
    hottest.forEach(function (hot) {
      var row = document.createElement('tr');
      var type = document.createElement('td');
      type.className = 'type';
      type.textContent = hot.type;
      var wait = document.createElement('td');
      wait.className = 'num wait';
      wait.textContent = duration(hot.waitMillis);
      var bar = document.createElement('td');
      bar.className = 'bar';
      var meter = document.createElement('meter');
      meter.min = 0;
      meter.max = Math.max(1, max);
      meter.value = hot.waitMillis;
      bar.appendChild(meter);
      row.appendChild(type);
      row.appendChild(wait);
      row.appendChild(bar);
      body.appendChild(row);
    });
    var none = document.getElementById('no-waits');
    if (none) {
      none.hidden = hottest.length > 0;
    }
  }

  /* A round upper bound for an axis: 1, 2, 5, 10, 20, 50, ... */
  function niceMax(value) {
    var bound = 1;
    var steps = [1, 2, 5];
    var power = 1;
    while (bound < value) {
      for (var i = 0; i < steps.length && bound < value; i++) {
        bound = steps[i] * power;
      }
      power *= 10;
    }
    return bound;
  }

  function drawPanel(context, box, points, field, colour, title, windowMillis, newest) {
    var max = niceMax(points.reduce(function (m, p) { return Math.max(m, p[field]); }, 0));
    context.strokeStyle = GRID_COLOUR;
    context.lineWidth = 1;
    context.beginPath();
    context.moveTo(box.left, box.top + 0.5);
    context.lineTo(box.right, box.top + 0.5);
    context.moveTo(box.left, box.bottom + 0.5);
    context.lineTo(box.right, box.bottom + 0.5);
    context.stroke();
    context.fillStyle = TEXT_COLOUR;
    context.font = FONT;
    context.textAlign = 'right';
    context.textBaseline = 'middle';
    context.fillText(String(max), box.left - 6, box.top);
    context.fillText('0', box.left - 6, box.bottom);
    context.textAlign = 'left';
    context.textBaseline = 'bottom';
    context.fillText(title, box.left + 4, box.top - 3);
    if (points.length === 0) {
      return;
    }
    var width = box.right - box.left;
    var height = box.bottom - box.top;
    function x(at) {
      return box.right - (newest - at) / windowMillis * width;
    }
    function y(value) {
      return box.bottom - value / max * height;
    }
    context.beginPath();
    context.moveTo(x(points[0].at), box.bottom);
    points.forEach(function (p) {
      context.lineTo(x(p.at), y(p[field]));
    });
    context.lineTo(x(points[points.length - 1].at), box.bottom);
    context.closePath();
    context.globalAlpha = 0.18;
    context.fillStyle = colour;
    context.fill();
    context.globalAlpha = 1;
    context.beginPath();
    points.forEach(function (p, i) {
      if (i === 0) {
        context.moveTo(x(p.at), y(p[field]));
      } else {
        context.lineTo(x(p.at), y(p[field]));
      }
    });
    context.strokeStyle = colour;
    context.lineWidth = 2;
    context.stroke();
  }

  function drawTimeAxis(context, left, right, top, windowMillis) {
    context.fillStyle = TEXT_COLOUR;
    context.font = FONT;
    context.textBaseline = 'top';
    var minutes = Math.round(windowMillis / MILLIS_PER_SECOND / SECONDS_PER_MINUTE);
    for (var m = 0; m <= minutes; m++) {
      var x = right - m / minutes * (right - left);
      context.textAlign = m === 0 ? 'right' : (m === minutes ? 'left' : 'center');
      context.fillText(m === 0 ? 'now' : '-' + m + ' min', x, top + 4);
    }
  }

  function drawChart(canvas, report) {
    var ratio = window.devicePixelRatio || 1;
    var cssWidth = canvas.clientWidth || canvas.width;
    var cssHeight = canvas.clientHeight || canvas.height;
    canvas.width = Math.round(cssWidth * ratio);
    canvas.height = Math.round(cssHeight * ratio);
    var context = canvas.getContext('2d');
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, cssWidth, cssHeight);
    var windowMillis = Math.max(SECONDS_PER_MINUTE * MILLIS_PER_SECOND, report.windowSeconds * MILLIS_PER_SECOND);
    var points = report.samples;
    var newest = points.length > 0 ? points[points.length - 1].at : Date.now();
    var left = PADDING_LEFT;
    var right = cssWidth - PADDING_RIGHT;
    var panelHeight = (cssHeight - PADDING_TOP - AXIS_HEIGHT - PANEL_GAP) / 2;
    var grantsBox = {left: left, right: right, top: PADDING_TOP, bottom: PADDING_TOP + panelHeight};
    var waitersBox = {left: left, right: right, top: grantsBox.bottom + PANEL_GAP,
      bottom: grantsBox.bottom + PANEL_GAP + panelHeight};
    drawPanel(context, grantsBox, points, 'grants', GRANTS_COLOUR, 'Grants per second', windowMillis, newest);
    drawPanel(context, waitersBox, points, 'waiters', WAITERS_COLOUR, 'Waiting calls', windowMillis, newest);
    drawTimeAxis(context, left, right, waitersBox.bottom, windowMillis);
    canvas.setAttribute('data-points', String(points.length));
  }

  function start() {
    var canvas = document.getElementById('activity-chart');
    if (!canvas || !canvas.getContext) {
      return;
    }
    // Resolved against the origin, not the page's URL: a page opened as http://user:password@host/... would
    // otherwise make a URL with credentials, which fetch refuses.
    var source = new URL(canvas.getAttribute('data-source'), window.location.origin).toString();
    function refresh() {
      window.fetch(source, {credentials: 'same-origin', headers: {'Accept': 'application/json'}})
        .then(function (response) {
          if (!response.ok) {
            throw new Error('HTTP ' + response.status);
          }
          return response.json();
        })
        .then(function (report) {
          showFigures(report);
          showHottest(report.hottestTypes);
          drawChart(canvas, report);
          canvas.removeAttribute('data-error');
          window.setTimeout(refresh, Math.max(MIN_REFRESH_MILLIS, report.sampleMillis));
        })
        .catch(function (failure) {
          canvas.setAttribute('data-error', String(failure));
          window.setTimeout(refresh, MILLIS_PER_SECOND * 5);
        });
    }
    refresh();
  }

  document.addEventListener('DOMContentLoaded', start);
}());
