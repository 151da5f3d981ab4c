<%@ page session="false" contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<%@ taglib prefix="fn" uri="jakarta.tags.functions" %>
<!DOCTYPE html>
<html lang="en">
<head>
<%@ include file="fragments/head.jspf" %>
<meta name="csrf-token" content="${fn:escapeXml(view.csrfToken)}">
<title>Sessions · Lock Facade master</title>
</head>
<body>
<%@ include file="fragments/banner.jspf" %>
<main>
  <p><a href="/admin/locks">&larr; Locks</a></p>
  <h2>Sessions</h2>
  <c:if test="${not empty view.notice}">
    <p class="notice ${view.notice.kind}" role="status" id="notice"><c:out value="${view.notice.text}"/></p>
  </c:if>
  <c:choose>
    <c:when test="${not empty elsewhere}"><%@ include file="fragments/elsewhere.jspf" %></c:when>
    <c:when test="${empty view.rows}">
      <p class="empty" id="no-sessions">No open session.</p>
    </c:when>
    <c:otherwise>
      <table class="locks" id="sessions">
        <thead><tr><th>Node</th><th>Session</th><th>Locks held</th><th>Last keep-alive</th><th>Expires in</th><th></th></tr></thead>
        <tbody>
          <c:forEach var="row" items="${view.rows}">
            <tr>
              <td><c:out value="${row.node}"/></td>
              <td class="key"><c:out value="${row.id}"/></td>
              <td>${row.locks}</td>
              <td><c:out value="${row.lastKeepAlive}"/></td>
              <td><c:out value="${row.expiresIn}"/></td>
              <td>
                <form method="post" action="/admin/sessions/expire" class="remove" data-confirm="Expire session ${fn:escapeXml(row.id)} and release its ${row.locks} lock(s)?">
                  <input type="hidden" name="_csrf" value="${fn:escapeXml(view.csrfToken)}">
                  <input type="hidden" name="id" value="${fn:escapeXml(row.id)}">
                  <button type="submit" class="danger">Expire</button>
                </form>
              </td>
            </tr>
          </c:forEach>
        </tbody>
      </table>
    </c:otherwise>
  </c:choose>
</main>
</body>
</html>
