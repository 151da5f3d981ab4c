package io.lockfacade.client.spring;

import io.lockfacade.api.LockArguments;
import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.expression.Expression;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.SpelNode;
import org.springframework.expression.spel.ast.VariableReference;
import org.springframework.expression.spel.standard.SpelExpression;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The key expression of one {@link DistributeLocked} method: parsed and checked once, evaluated per call in a
 * {@link MethodBasedEvaluationContext} (arguments by name, {@code #p0}, {@code #a0}) whose root is a
 * {@link LockKeyRoot}.
 */
final class LockKeyExpression {

    /** Variables every expression may use besides the parameters. */
    private static final Set<String> BUILT_IN_VARIABLES = Set.of("root", "this");
    /** {@code #p0}, {@code #a1}: arguments by position. */
    private static final Pattern POSITIONAL = Pattern.compile("[pa](\\d{1,9})");
    private static final String VARIABLE_PREFIX = "#";

    private final Method method;
    private final String description;
    private final String text;
    private final Expression expression;
    private final ParameterNameDiscoverer parameterNames;

    private LockKeyExpression(Method method, String description, String text, Expression expression,
                              ParameterNameDiscoverer parameterNames) {
        this.method = method;
        this.description = description;
        this.text = text;
        this.expression = expression;
        this.parameterNames = parameterNames;
    }

    /**
     * Parses {@code text} and checks that every variable it uses names a parameter of {@code method} (when the
     * names are known: compiled with {@code -parameters}) or an argument position within range.
     *
     * @throws IllegalArgumentException naming the method and the expression if it is blank, does not parse, or
     *                                  uses an unknown variable
     */
    static LockKeyExpression parse(Method method, String description, String text, ExpressionParser parser,
                                   ParameterNameDiscoverer parameterNames) {
        if (text == null || text.isBlank()) {
            throw invalid(description, text, "the key expression is empty; use e.g. \"#orderId\" or \"'constant'\"",
                    null);
        }
        Expression expression;
        try {
            expression = parser.parseExpression(text);
        } catch (ParseException e) {
            throw invalid(description, text, "it does not parse: " + e.getSimpleMessage(), e);
        }
        if (expression instanceof SpelExpression spel) {
            checkVariables(method, description, text, spel.getAST(), parameterNames.getParameterNames(method));
        }
        return new LockKeyExpression(method, description, text, expression, parameterNames);
    }

    /**
     * @return the key for a call with these arguments
     * @throws IllegalArgumentException naming the method and the expression if evaluation fails or the key is
     *                                  null, empty or outside the contract's limits
     */
    String evaluate(Object[] arguments, Object target, Class<?> targetClass) {
        MethodBasedEvaluationContext context = new MethodBasedEvaluationContext(
                new LockKeyRoot(method, arguments, target, targetClass), method, arguments, parameterNames);
        String key;
        try {
            key = expression.getValue(context, String.class);
        } catch (RuntimeException e) {
            // EvaluationException, or what a method the expression calls threw (SpEL does not wrap those)
            throw invalid(description, text, "evaluating it failed: " + e, e);
        }
        if (key == null) {
            throw new IllegalArgumentException("@DistributeLocked key of " + description + " is null (expression \""
                    + text + "\"); a lock needs a key");
        }
        if (key.isEmpty()) {
            throw new IllegalArgumentException("@DistributeLocked key of " + description
                    + " is an empty string (expression \"" + text + "\"); a lock needs a key");
        }
        try {
            return LockArguments.requireName("key", key);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@DistributeLocked key of " + description + " (expression \"" + text
                    + "\") is invalid: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return text;
    }

    private static void checkVariables(Method method, String description, String text, SpelNode ast,
                                       String[] names) {
        Set<String> known = new HashSet<>(BUILT_IN_VARIABLES);
        if (names != null) {
            known.addAll(Arrays.asList(names));
        }
        for (String variable : variables(ast)) {
            var positional = POSITIONAL.matcher(variable);
            if (positional.matches()) {
                if (Integer.parseInt(positional.group(1)) >= method.getParameterCount()) {
                    throw invalid(description, text, VARIABLE_PREFIX + variable + " is out of range: the method has "
                            + method.getParameterCount() + " parameter(s)", null);
                }
            } else if (names != null && !known.contains(variable)) {
                throw invalid(description, text, VARIABLE_PREFIX + variable + " names no parameter; parameters are "
                        + Arrays.toString(names), null);
            }
        }
    }

    private static List<String> variables(SpelNode ast) {
        List<String> found = new ArrayList<>();
        collect(ast, found);
        return found;
    }

    private static void collect(SpelNode node, List<String> found) {
        if (node instanceof VariableReference) {
            found.add(node.toStringAST().substring(VARIABLE_PREFIX.length()));
        }
        for (int i = 0; i < node.getChildCount(); i++) {
            collect(node.getChild(i), found);
        }
    }

    private static IllegalArgumentException invalid(String description, String text, String problem,
                                                    Exception cause) {
        return new IllegalArgumentException("@DistributeLocked key expression \"" + text + "\" of " + description
                + " is invalid: " + problem, cause);
    }
}
