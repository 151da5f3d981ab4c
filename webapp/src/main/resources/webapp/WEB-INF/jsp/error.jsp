<%@ page session="false" contentType="text/html;charset=UTF-8" pageEncoding="UTF-8" trimDirectiveWhitespaces="true" %>
<%@ taglib prefix="c" uri="jakarta.tags.core" %>
<%@ taglib prefix="fn" uri="jakarta.tags.functions" %>
<!DOCTYPE html>
<html lang="en">
<head>
<%@ include file="fragments/head.jspf" %>
<title>${error.status} <c:out value="${error.reason}"/> · Lock Facade master</title>
</head>
<body>
<%@ include file="fragments/banner.jspf" %>
<main class="narrow">
  <h1>${error.status} <c:out value="${error.reason}"/></h1>
  <p class="notice error" role="alert" id="error-message"><c:out value="${error.message}"/></p>
  <p><a class="button secondary" href="${fn:escapeXml(error.backUrl)}">Back to the locks</a></p>
</main>
</body>
</html>
