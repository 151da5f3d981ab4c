<%@ page session="false" contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<%@ taglib prefix="fn" uri="jakarta.tags.functions" %>
<!DOCTYPE html>
<html lang="en">
<head>
<%@ include file="fragments/head.jspf" %>
<title>Confirm removal · Lock Facade master</title>
</head>
<body>
<%@ include file="fragments/banner.jspf" %>
<main class="narrow">
  <h1>${confirm.forType ? 'Remove all locks of a type' : 'Remove a lock'}</h1>

  <c:if test="${not empty confirm.notice}">
    <p class="notice ${confirm.notice.kind}" role="status" id="notice"><c:out value="${confirm.notice.text}"/></p>
  </c:if>

  <c:if test="${not empty confirm.lock}">
    <dl class="details" id="lock-details">
      <dt>Type</dt><dd><c:out value="${confirm.lock.type}"/></dd>
      <dt>Key</dt><dd><c:out value="${confirm.lock.key}"/></dd>
      <dt>Owner</dt><dd><c:out value="${confirm.lock.owner}"/></dd>
      <dt>Acquired</dt><dd><c:out value="${confirm.lock.acquiredAt}"/> (<c:out value="${confirm.lock.age}"/> ago)</dd>
      <dt>Lease left</dt><dd><c:out value="${confirm.lock.leaseRemaining}"/></dd>
      <dt>Fencing token</dt><dd>${confirm.lock.fencingToken}</dd>
      <dt>Waiters</dt><dd>${confirm.lock.waiters}</dd>
    </dl>
  </c:if>
  <c:if test="${confirm.forType and confirm.typeCount > 0}">
    <dl class="details" id="type-details">
      <dt>Type</dt><dd><c:out value="${confirm.type}"/></dd>
      <dt>Locks held</dt><dd>${confirm.typeCount}</dd>
    </dl>
  </c:if>

  <c:choose>
    <c:when test="${not empty confirm.question}">
      <p class="question" id="question"><c:out value="${confirm.question}"/></p>
      <form method="post" action="${confirm.forType ? '/admin/locks/remove-type' : '/admin/locks/remove'}" class="confirm">
        <input type="hidden" name="_csrf" value="${fn:escapeXml(confirm.csrfToken)}">
        <input type="hidden" name="type" value="${fn:escapeXml(confirm.type)}">
        <c:if test="${not confirm.forType}">
          <input type="hidden" name="key" value="${fn:escapeXml(confirm.key)}">
          <input type="hidden" name="token" value="${confirm.lock.fencingToken}">
        </c:if>
        <input type="hidden" name="back" value="${fn:escapeXml(confirm.backQuery)}">
        <input type="hidden" name="confirm" value="yes">
        <div class="form-actions">
          <button type="submit" class="danger" id="confirm-remove">${confirm.forType ? 'Remove them all' : 'Remove this lock'}</button>
          <a class="button secondary" href="${fn:escapeXml(confirm.backUrl)}" id="cancel">Cancel</a>
        </div>
      </form>
    </c:when>
    <c:otherwise>
      <p><a class="button secondary" href="${fn:escapeXml(confirm.backUrl)}" id="back">Back to the locks</a></p>
    </c:otherwise>
  </c:choose>
</main>
</body>
</html>
