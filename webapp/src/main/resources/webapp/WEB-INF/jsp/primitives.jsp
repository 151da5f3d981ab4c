<%@ page session="false" contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<%@ taglib prefix="fn" uri="jakarta.tags.functions" %>
<!DOCTYPE html>
<html lang="en">
<head>
<%@ include file="fragments/head.jspf" %>
<meta name="csrf-token" content="${fn:escapeXml(view.csrfToken)}">
<title>Read-write locks, semaphores and leaderships · Lock Facade master</title>
</head>
<body>
<%@ include file="fragments/banner.jspf" %>
<main>
  <p><a href="/admin/locks">&larr; Locks</a></p>
  <c:if test="${not empty view.notice}">
    <p class="notice ${view.notice.kind}" role="status" id="notice"><c:out value="${view.notice.text}"/></p>
  </c:if>
  <c:choose>
    <c:when test="${not empty elsewhere}"><%@ include file="fragments/elsewhere.jspf" %></c:when>
    <c:otherwise>
      <h2>Read-write locks</h2>
      <c:choose>
        <c:when test="${empty view.readWriteLocks}"><p class="empty" id="no-read-write-locks">No read-write lock.</p></c:when>
        <c:otherwise>
          <table class="locks" id="read-write-locks">
            <thead><tr><th>Type</th><th>Key</th><th>Writer</th><th>Readers</th><th>Readers waiting</th><th>Writers waiting</th><th></th></tr></thead>
            <tbody>
              <c:forEach var="row" items="${view.readWriteLocks}">
                <tr>
                  <td><c:out value="${row.type}"/></td>
                  <td class="key"><c:out value="${row.key}"/></td>
                  <td><c:out value="${row.writer}"/></td>
                  <td><c:out value="${row.readers}"/></td>
                  <td>${row.readersWaiting}</td>
                  <td>${row.writersWaiting}</td>
                  <td>
                    <form method="post" action="/admin/primitives/release-read-write" class="remove" data-confirm="Release every grant of read-write lock ${fn:escapeXml(row.type)} / ${fn:escapeXml(row.key)}?">
                      <input type="hidden" name="_csrf" value="${fn:escapeXml(view.csrfToken)}">
                      <input type="hidden" name="type" value="${fn:escapeXml(row.type)}">
                      <input type="hidden" name="key" value="${fn:escapeXml(row.key)}">
                      <button type="submit" class="danger">Release all</button>
                    </form>
                  </td>
                </tr>
              </c:forEach>
            </tbody>
          </table>
        </c:otherwise>
      </c:choose>
      <h2>Semaphores</h2>
      <c:choose>
        <c:when test="${empty view.semaphores}"><p class="empty" id="no-semaphores">No semaphore.</p></c:when>
        <c:otherwise>
          <table class="locks" id="semaphores">
            <thead><tr><th>Type</th><th>Key</th><th>Capacity</th><th>Held</th><th>Holders</th><th>Waiting</th><th></th><th></th></tr></thead>
            <tbody>
              <c:forEach var="row" items="${view.semaphores}">
                <tr>
                  <td><c:out value="${row.type}"/></td>
                  <td class="key"><c:out value="${row.key}"/></td>
                  <td>${row.capacity}</td>
                  <td>${row.held}</td>
                  <td><c:out value="${row.holders}"/></td>
                  <td>${row.waiting}</td>
                  <td>
                    <form method="post" action="/admin/primitives/capacity" class="remove" data-confirm="Change the capacity of semaphore ${fn:escapeXml(row.type)} / ${fn:escapeXml(row.key)}?">
                      <input type="hidden" name="_csrf" value="${fn:escapeXml(view.csrfToken)}">
                      <input type="hidden" name="type" value="${fn:escapeXml(row.type)}">
                      <input type="hidden" name="key" value="${fn:escapeXml(row.key)}">
                      <input type="number" name="capacity" min="1" value="${row.capacity}" aria-label="capacity">
                      <button type="submit">Set capacity</button>
                    </form>
                  </td>
                  <td>
                    <form method="post" action="/admin/primitives/release-permits" class="remove" data-confirm="Release every permit of semaphore ${fn:escapeXml(row.type)} / ${fn:escapeXml(row.key)}?">
                      <input type="hidden" name="_csrf" value="${fn:escapeXml(view.csrfToken)}">
                      <input type="hidden" name="type" value="${fn:escapeXml(row.type)}">
                      <input type="hidden" name="key" value="${fn:escapeXml(row.key)}">
                      <button type="submit" class="danger">Release all</button>
                    </form>
                  </td>
                </tr>
              </c:forEach>
            </tbody>
          </table>
        </c:otherwise>
      </c:choose>
      <h2>Leaderships</h2>
      <c:choose>
        <c:when test="${empty view.leaderships}"><p class="empty" id="no-leaderships">No leadership.</p></c:when>
        <c:otherwise>
          <table class="locks" id="leaderships">
            <thead><tr><th>Name</th><th>Leader</th><th>Epoch</th><th>Participants</th><th></th></tr></thead>
            <tbody>
              <c:forEach var="row" items="${view.leaderships}">
                <tr>
                  <td class="key"><c:out value="${row.name}"/></td>
                  <td><c:out value="${row.leader}"/></td>
                  <td>${row.epoch}</td>
                  <td><c:out value="${row.participants}"/></td>
                  <td>
                    <form method="post" action="/admin/primitives/revoke" class="remove" data-confirm="Revoke ${fn:escapeXml(row.leader)} as leader of ${fn:escapeXml(row.name)}?">
                      <input type="hidden" name="_csrf" value="${fn:escapeXml(view.csrfToken)}">
                      <input type="hidden" name="name" value="${fn:escapeXml(row.name)}">
                      <input type="hidden" name="epoch" value="${row.epoch}">
                      <button type="submit" class="danger">Revoke</button>
                    </form>
                  </td>
                </tr>
              </c:forEach>
            </tbody>
          </table>
        </c:otherwise>
      </c:choose>
    </c:otherwise>
  </c:choose>
</main>
</body>
</html>
