<%@ page session="false" contentType="text/plain;charset=UTF-8" trimDirectiveWhitespaces="true"
%>Lock Facade master
The admin page comes in a later release.
Locks held now: ${heldLocks}
