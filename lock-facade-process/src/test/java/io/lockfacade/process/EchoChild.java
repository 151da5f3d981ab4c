package io.lockfacade.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The child JVM of {@link ChildJvmTest}: prints {@code READY}, then answers {@code echo X} with {@code ECHO X} on
 * standard output, {@code err X} with {@code ERR X} on standard error, {@code env NAME} with {@code ENV value},
 * {@code pwd} with {@code PWD dir} and {@code exit N} by exiting with N. It exits when its input closes, unless
 * started with {@code ignore-eof}: then it waits to be signalled.
 */
public final class EchoChild {

    private EchoChild() {
    }

    /** @param args {@code ignore-eof} or nothing */
    public static void main(String[] args) throws IOException, InterruptedException {
        System.out.println("READY");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.startsWith("echo ")) {
                System.out.println("ECHO " + line.substring(5));
            } else if (line.startsWith("err ")) {
                System.err.println("ERR " + line.substring(4));
            } else if (line.startsWith("env ")) {
                System.out.println("ENV " + System.getenv(line.substring(4)));
            } else if (line.equals("pwd")) {
                System.out.println("PWD " + Path.of("").toAbsolutePath());
            } else if (line.startsWith("exit ")) {
                System.exit(Integer.parseInt(line.substring(5)));
            }
        }
        if (args.length > 0 && args[0].equals("ignore-eof")) {
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
