<%@ page session="false" contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<!DOCTYPE html>
<html lang="en">
<head>
<%@ include file="fragments/head.jspf" %>
<link rel="stylesheet" href="/admin/static/activity.css">
<script src="/admin/static/activity.js" defer></script>
<title>Activity · Lock Facade master</title>
</head>
<body>
<%@ include file="fragments/banner.jspf" %>
<main>
  <p><a href="/admin/locks">&larr; Locks</a></p>
  <h1>Activity</h1>

  <section class="stats" aria-label="Activity now">
    <div class="stat"><span class="label">Grants per second</span><span class="value" id="grants-per-second">${view.grantsPerSecond}</span></div>
    <div class="stat"><span class="label">Waiting calls</span><span class="value" id="waiters">${view.waiters}</span></div>
    <div class="stat"><span class="label">Longest current wait</span><span class="value" id="longest-wait"><c:out value="${view.longestWait}"/></span></div>
    <div class="stat"><span class="label">Sampled at (UTC)</span><span class="value small" id="sampled-at"><c:out value="${view.sampled}"/></span></div>
  </section>

  <section class="panel" aria-label="The last five minutes">
    <h2>The last 5 minutes, one sample a second</h2>
    <canvas id="activity-chart" width="1200" height="280" role="img" data-source="/admin/api/activity"
            aria-label="Grants per second and waiting calls over the last five minutes"></canvas>
    <p class="legend"><span class="swatch grants"></span>Grants per second <span class="swatch waiters"></span>Waiting calls</p>
    <noscript><p class="empty">The chart needs JavaScript; the figures on this page are as of its loading.</p></noscript>
  </section>

  <section class="panel" aria-label="Hottest lock types">
    <h2>Hottest lock types by wait time, last 5 minutes</h2>
    <table class="hottest" id="hottest">
      <thead><tr><th>Type</th><th class="num">Time spent waiting</th><th><span class="visually-hidden">Share</span></th></tr></thead>
      <tbody>
        <c:forEach var="row" items="${view.hottest}">
          <tr>
            <td class="type"><c:out value="${row.type}"/></td>
            <td class="num wait"><c:out value="${row.waitText}"/></td>
            <td class="bar"><meter min="0" max="${row.maxMillis}" value="${row.waitMillis}"></meter></td>
          </tr>
        </c:forEach>
      </tbody>
    </table>
    <p class="empty" id="no-waits" ${empty view.hottest ? '' : 'hidden'}>No call has waited for a lock in the last 5 minutes.</p>
  </section>
</main>
</body>
</html>
