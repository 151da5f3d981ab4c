package io.lockfacade.reliability.group;

import io.lockfacade.process.ChildJvm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JGroups views a member process installed, read from its log, oldest first: a member logs each one as
 * {@code member n1 sees members [n1, n2, n3] (view [n1|2])} ({@code GroupMember}). The admin API names the members
 * of {@code --group} with their roles, not the view, so the log is where a view that let someone in would show.
 */
public final class LoggedViews {

    private static final Pattern VIEW = Pattern.compile("member (\\S+) sees members \\[([^]]*)] \\(view ([^)]*)\\)");

    private LoggedViews() {
    }

    /** @return the members of each view {@code jvm} logged, oldest first */
    public static List<List<String>> of(ChildJvm jvm) {
        return parse(jvm.lines());
    }

    /** @return the members of each view logged in {@code lines}, oldest first; other lines are skipped */
    public static List<List<String>> parse(List<String> lines) {
        List<List<String>> views = new ArrayList<>();
        for (String line : lines) {
            Matcher view = VIEW.matcher(line);
            if (view.find()) {
                views.add(view.group(2).isBlank() ? List.of() : Arrays.stream(view.group(2).split(","))
                        .map(String::strip).toList());
            }
        }
        return views;
    }

    /** @return the members of the last view {@code jvm} logged, or empty if it logged none */
    public static List<String> last(ChildJvm jvm) {
        List<List<String>> views = of(jvm);
        return views.isEmpty() ? List.of() : views.get(views.size() - 1);
    }
}
