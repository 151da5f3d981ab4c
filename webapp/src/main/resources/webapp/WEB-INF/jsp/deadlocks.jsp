<%@ page session="false" contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<%@ taglib prefix="fn" uri="jakarta.tags.functions" %>
<!DOCTYPE html>
<html lang="en">
<head>
<%@ include file="fragments/head.jspf" %>
<title>Deadlocks · Lock Facade master</title>
</head>
<body>
<%@ include file="fragments/banner.jspf" %>
<main>
  <p><a href="/admin/locks">&larr; Locks</a></p>
  <h2>Deadlocks found in the last hour</h2>
  <c:choose>
    <c:when test="${not empty elsewhere}"><%@ include file="fragments/elsewhere.jspf" %></c:when>
    <c:otherwise>
      <c:choose>
        <c:when test="${empty view.found}">
          <p class="empty" id="no-deadlocks">No deadlock in the last hour.</p>
        </c:when>
        <c:otherwise>
          <table class="locks" id="deadlocks">
            <thead><tr><th>When</th><th>Lock type</th><th>Victim</th><th>Cycle</th></tr></thead>
            <tbody>
              <c:forEach var="row" items="${view.found}">
                <tr>
                  <td><c:out value="${row.at}"/></td>
                  <td><c:out value="${row.lockType}"/></td>
                  <td class="key"><c:out value="${row.victim}"/></td>
                  <td class="key"><c:out value="${row.cycle}"/></td>
                </tr>
              </c:forEach>
            </tbody>
          </table>
        </c:otherwise>
      </c:choose>
      <h2>Waits watched now</h2>
      <p>Threads that hold locks and wait for another: the edges of the wait-for graph. A thread that holds nothing
        cannot close a cycle and is not listed (the lock list shows every waiter). What a thread holds is named by the
        fencing tokens of its grants, as the lock list shows them.</p>
      <c:choose>
        <c:when test="${empty view.waits}">
          <p class="empty" id="no-waits">No thread that holds a lock waits now.</p>
        </c:when>
        <c:otherwise>
          <table class="locks" id="waits">
            <thead><tr><th>Waiting thread</th><th>Waits for</th><th>Held by</th><th>Holds (fencing tokens)</th><th>Waited</th></tr></thead>
            <tbody>
              <c:forEach var="row" items="${view.waits}">
                <tr>
                  <td class="key"><c:out value="${row.waiting}"/></td>
                  <td class="key"><c:out value="${row.lockType}"/>/<c:out value="${row.key}"/></td>
                  <td class="key"><c:out value="${row.heldBy}"/></td>
                  <td><c:forEach var="token" items="${row.holdsTokens}" varStatus="at"><c:if test="${not at.first}">, </c:if>${token}</c:forEach></td>
                  <td><c:out value="${row.waited}"/></td>
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
