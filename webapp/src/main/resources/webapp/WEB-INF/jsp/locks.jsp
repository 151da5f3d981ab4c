<%@ page session="false" contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<%@ taglib prefix="fn" uri="jakarta.tags.functions" %>
<!DOCTYPE html>
<html lang="en">
<head>
<%@ include file="fragments/head.jspf" %>
<meta name="csrf-token" content="${fn:escapeXml(view.csrfToken)}">
<title>Locks · Lock Facade master</title>
</head>
<body data-refresh-seconds="${view.refreshSeconds}">
<%@ include file="fragments/banner.jspf" %>
<main>
  <c:if test="${not empty group}"><%@ include file="fragments/group.jspf" %></c:if>
  <c:choose>
  <c:when test="${not empty elsewhere}"><%@ include file="fragments/elsewhere.jspf" %></c:when>
  <c:otherwise>
  <section class="stats" aria-label="Master">
    <div class="stat"><span class="label">Locks held</span><span class="value" id="lock-count">${view.stats.lockCount}</span></div>
    <div class="stat"><span class="label">Grants since start</span><span class="value" id="grant-count"><c:out value="${view.stats.grantCount}"/></span></div>
    <div class="stat"><span class="label">Uptime</span><span class="value" id="uptime"><c:out value="${view.stats.uptime}"/></span></div>
    <div class="stat"><span class="label">Started</span><span class="value small"><c:out value="${view.stats.startedAt}"/></span></div>
  </section>

  <p><a href="/admin/sessions" id="sessions-link">Sessions &rarr;</a> · <a href="/admin/deadlocks" id="deadlocks-link">Deadlocks &rarr;</a><c:if test="${activityShown}"> · <a href="/admin/activity" id="activity-link">Activity &rarr;</a></c:if></p>

  <c:if test="${not empty view.notice}">
    <p class="notice ${view.notice.kind}" role="status" id="notice"><c:out value="${view.notice.text}"/></p>
  </c:if>

  <c:if test="${not empty view.types}">
    <section class="types" aria-label="Locks per type">
      <h2>Per type</h2>
      <ul>
        <c:forEach var="t" items="${view.types}">
          <li class="${t.selected ? 'selected' : ''}">
            <a href="${fn:escapeXml(t.filterUrl)}"><span class="type-name"><c:out value="${t.type}"/></span>
              <span class="count">${t.count}</span></a>
            <c:if test="${t.count > 0}">
              <form method="post" action="/admin/locks/remove-type" class="remove-type" data-confirm="${fn:escapeXml(t.question)}">
                <input type="hidden" name="_csrf" value="${fn:escapeXml(view.csrfToken)}">
                <input type="hidden" name="type" value="${fn:escapeXml(t.type)}">
                <input type="hidden" name="back" value="${fn:escapeXml(view.backQuery)}">
                <button type="submit" class="danger small" title="Remove all locks of this type">Remove all</button>
              </form>
            </c:if>
          </li>
        </c:forEach>
      </ul>
    </section>
  </c:if>

  <form class="filters" method="get" action="/admin/locks" role="search">
    <label>Type
      <select name="type" id="filter-type">
        <option value="">All types</option>
        <c:forEach var="t" items="${view.types}">
          <option value="${fn:escapeXml(t.type)}" ${t.selected ? 'selected' : ''}><c:out value="${t.type}"/></option>
        </c:forEach>
      </select>
    </label>
    <label>Key contains
      <input type="search" name="q" id="filter-q" value="${fn:escapeXml(view.filterQ)}" maxlength="256" placeholder="any key">
    </label>
    <label>Sort by
      <select name="sort" id="sort">
        <option value="age" ${view.sort == 'age' ? 'selected' : ''}>Age (oldest first)</option>
        <option value="lease" ${view.sort == 'lease' ? 'selected' : ''}>Lease remaining (soonest first)</option>
      </select>
    </label>
    <div class="filter-actions">
      <button type="submit" id="apply">Apply</button>
      <c:if test="${view.filtered}"><a class="button secondary" href="/admin/locks">Clear</a></c:if>
    </div>
  </form>

  <div class="listing-bar">
    <p class="summary" id="summary">
      <c:choose>
        <c:when test="${view.matching == 0}">No lock to show</c:when>
        <c:otherwise>Locks ${view.firstRow}&ndash;${view.lastRow} of ${view.matching}<c:if test="${view.filtered}"> matching</c:if></c:otherwise>
      </c:choose>
      <span class="rendered">· drawn at <c:out value="${view.renderedAt}"/> UTC</span>
    </p>
    <label class="refresh" hidden><input type="checkbox" id="auto-refresh"> Auto-refresh every ${view.refreshSeconds} s</label>
  </div>

  <c:choose>
    <c:when test="${view.tableEmpty}">
      <p class="empty" id="empty">No locks are held right now. Locks show up here as soon as a client takes one.</p>
    </c:when>
    <c:when test="${view.matching == 0}">
      <p class="empty" id="empty">No lock matches this filter. <a href="/admin/locks">Show all locks</a></p>
    </c:when>
    <c:when test="${empty view.rows}">
      <p class="empty" id="empty">Page ${view.page} is past the end of the listing.
        <a href="${fn:escapeXml(view.lastPageUrl)}">Go to the last page (${view.pageCount})</a></p>
    </c:when>
    <c:otherwise>
      <table class="locks" id="locks">
        <thead>
          <tr><th>Type</th><th>Key</th><th>Owner node</th><th>Thread</th><th>Acquired</th><th>Lease left</th>
            <th class="num">Token</th><th class="num">Waiters</th><th><span class="visually-hidden">Actions</span></th></tr>
        </thead>
        <tbody>
          <c:forEach var="row" items="${view.rows}">
            <tr>
              <td data-label="Type" class="type"><c:out value="${row.type}"/></td>
              <td data-label="Key" class="key"><c:out value="${row.key}"/></td>
              <td data-label="Owner node" class="owner-node" title="${fn:escapeXml(row.owner)}"><c:out value="${row.ownerNode}"/></td>
              <td data-label="Thread" class="owner-thread"><c:out value="${row.ownerThread}"/></td>
              <td data-label="Acquired" class="acquired"><span title="${fn:escapeXml(row.acquiredAt)}"><c:out value="${row.age}"/> ago</span></td>
              <td data-label="Lease left" class="lease ${row.leaseEndingSoon ? 'ending' : ''}"><c:out value="${row.leaseRemaining}"/></td>
              <td data-label="Token" class="num token">${row.fencingToken}</td>
              <td data-label="Waiters" class="num waiters ${row.waiters > 0 ? 'busy' : ''}">${row.waiters}</td>
              <td class="actions">
                <form method="post" action="/admin/locks/remove" class="remove" data-confirm="${fn:escapeXml(row.question)}">
                  <input type="hidden" name="_csrf" value="${fn:escapeXml(view.csrfToken)}">
                  <input type="hidden" name="type" value="${fn:escapeXml(row.type)}">
                  <input type="hidden" name="key" value="${fn:escapeXml(row.key)}">
                  <input type="hidden" name="token" value="${row.fencingToken}">
                  <input type="hidden" name="back" value="${fn:escapeXml(view.backQuery)}">
                  <button type="submit" class="danger">Remove</button>
                </form>
              </td>
            </tr>
          </c:forEach>
        </tbody>
      </table>
    </c:otherwise>
  </c:choose>

  <c:if test="${view.pageCount > 1}">
    <nav class="pager" aria-label="Pages">
      <c:choose>
        <c:when test="${not empty view.previousUrl}"><a class="button secondary" rel="prev" id="previous" href="${fn:escapeXml(view.previousUrl)}">&larr; Previous</a></c:when>
        <c:otherwise><span class="button secondary disabled">&larr; Previous</span></c:otherwise>
      </c:choose>
      <span class="page-of">Page ${view.page} of ${view.pageCount}</span>
      <c:choose>
        <c:when test="${not empty view.nextUrl}"><a class="button secondary" rel="next" id="next" href="${fn:escapeXml(view.nextUrl)}">Next &rarr;</a></c:when>
        <c:otherwise><span class="button secondary disabled">Next &rarr;</span></c:otherwise>
      </c:choose>
    </nav>
  </c:if>
  </c:otherwise>
  </c:choose>
</main>
</body>
</html>
