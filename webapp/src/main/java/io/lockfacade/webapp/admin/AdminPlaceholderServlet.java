package io.lockfacade.webapp.admin;

import io.lockfacade.server.table.LockTable;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.Serial;

/**
 * Stands in for the admin page until it is built: says so, with the number of held locks, rendered through
 * {@value #VIEW} so that the JSP set-up is exercised from the first release on.
 */
public final class AdminPlaceholderServlet extends HttpServlet {

    @Serial
    private static final long serialVersionUID = 1L;

    /** The JSP that renders the placeholder. */
    public static final String VIEW = "/WEB-INF/jsp/admin-placeholder.jsp";

    private final transient LockTable table;

    /**
     * @param table the master's lock table, read only
     */
    public AdminPlaceholderServlet(LockTable table) {
        this.table = table;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        request.setAttribute("heldLocks", table.size());
        request.getRequestDispatcher(VIEW).forward(request, response);
    }
}
