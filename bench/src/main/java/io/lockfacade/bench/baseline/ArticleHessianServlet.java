package io.lockfacade.bench.baseline;

import com.caucho.hessian.server.HessianSkeleton;
import io.lockfacade.api.MemoryLockService;
import io.lockfacade.api.wire.AllowListSerializerFactory;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serial;

/**
 * The article's transport: Caucho's {@link HessianSkeleton} decoding each call and invoking the service on the
 * request thread, as the article's {@code HessianServlet} did (that class is {@code javax.servlet}, so the skeleton
 * is driven from this minimal jakarta servlet). The reply is buffered and sent with a Content-Length, like Lock
 * Facade's endpoint, so that both masters pay the same for the wire.
 */
public final class ArticleHessianServlet extends HttpServlet {

    @Serial
    private static final long serialVersionUID = 1L;

    private static final String HESSIAN_CONTENT_TYPE = "x-application/hessian";
    private static final int INITIAL_BUFFER_BYTES = 256;

    private final transient HessianSkeleton skeleton;

    /**
     * @param service the article's master service
     */
    public ArticleHessianServlet(MemoryLockService service) {
        this.skeleton = new HessianSkeleton(service, MemoryLockService.class);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ByteArrayOutputStream reply = new ByteArrayOutputStream(INITIAL_BUFFER_BYTES);
        try {
            skeleton.invoke(request.getInputStream(), reply, AllowListSerializerFactory.forMaster());
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("the article's skeleton failed", e);
        }
        response.setContentType(HESSIAN_CONTENT_TYPE);
        response.setContentLength(reply.size());
        reply.writeTo(response.getOutputStream());
    }
}
