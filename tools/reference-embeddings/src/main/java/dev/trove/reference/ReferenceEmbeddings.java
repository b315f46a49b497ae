package dev.trove.reference;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OrtEnvironment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Writes reference token ids and embeddings computed by one of LangChain4j's in-process ONNX
 * embedding models, as a fixture for Trove's TypeScript ONNX embedder.
 *
 * <p>Arguments: model id, Maven coordinates of the model jar, model class name, output file.
 *
 * <p>The tokenizer and pooling mode are read (by reflection) from the model's own
 * {@link OnnxBertBiEncoder}, so the fixture records what LangChain4j actually uses rather than
 * what we assume it uses.
 */
public final class ReferenceEmbeddings {

    static final List<String> TOKEN_TEXTS = List.of(
            "Hello world, the quick brown fox.",
            "Marie Curie won two Nobel prizes.",
            "naïve café — déjà vu",
            "COVID-19 vaccines reduced hospitalisation by 90%",
            "");

    static final String LONG_TEXT =
            IntStream.range(0, 600).mapToObj(i -> "word" + i).collect(Collectors.joining(" "));

    static final int LONG_TEXT_PREFIX = 20;

    static final List<String> VECTOR_TEXTS = List.of(
            "The cat sat on the mat.",
            "A recipe for sourdough bread needs flour, water and salt.",
            "Quantum entanglement links the states of two particles.",
            "My flight to Lisbon leaves on Friday morning.",
            "Patients who took the drug had lower blood pressure.");

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: <model-id> <maven-coordinates> <model-class> <output.json>");
        }
        String modelId = args[0];
        String maven = args[1];
        Class<?> modelClass = Class.forName(args[2]);
        Path output = Path.of(args[3]);

        EmbeddingModel model = (EmbeddingModel) modelClass.getDeclaredConstructor().newInstance();
        OnnxBertBiEncoder encoder = (OnnxBertBiEncoder) invoke(model, AbstractInProcessEmbeddingModel.class, "model");
        HuggingFaceTokenizer tokenizer = (HuggingFaceTokenizer) field(encoder, "tokenizer");
        String pooling = field(encoder, "poolingMode").toString();

        String pipeline = String.format(
                "LangChain4j %s (langchain4j-embeddings %s: OnnxBertBiEncoder on ONNX Runtime Java %s, "
                        + "DJL HuggingFace tokenizers %s with padding=false): embed(text) with no prefix, "
                        + "%s pooling, then L2-normalised.",
                modelClass.getSimpleName(),
                mavenVersion("dev.langchain4j", "langchain4j-embeddings"),
                OrtEnvironment.class.getPackage().getImplementationVersion(),
                HuggingFaceTokenizer.class.getPackage().getSpecificationVersion(),
                pooling);

        List<float[]> vectors = new ArrayList<>();
        for (String text : VECTOR_TEXTS) {
            float[] vector = model.embed(text).content().vector();
            double norm = norm(vector);
            System.out.printf("%s  dim=%d  norm=%.7f  %s%n", modelId, vector.length, norm, text);
            if (Math.abs(norm - 1) > 1e-5) {
                throw new IllegalStateException("expected a unit vector, got norm " + norm);
            }
            vectors.add(vector);
        }

        Json json = new Json();
        json.open('{');
        json.key("model").string(modelId);
        json.key("maven").string(maven);
        json.key("pipeline").string(pipeline);
        json.key("pooling").string(pooling);
        json.key("normalized").raw("true");
        json.key("dimension").raw(Integer.toString(vectors.get(0).length));
        json.key("tokenizer").open('{');
        json.key("truncation").string(tokenizer.getTruncation());
        json.key("maxLength").raw(Integer.toString(tokenizer.getMaxLength()));
        json.key("padding").string(tokenizer.getPadding());
        json.close('}');

        json.key("tokens").open('[');
        for (String text : TOKEN_TEXTS) {
            json.open('{');
            json.key("text").string(text);
            json.key("ids").longs(ids(tokenizer, text));
            json.close('}');
        }
        long[] longIds = ids(untruncated(modelId), LONG_TEXT);
        long[] truncatedIds = ids(tokenizer, LONG_TEXT);
        json.open('{');
        json.key("text").string(LONG_TEXT);
        json.key("count").raw(Integer.toString(longIds.length));
        json.key("truncatedCount").raw(Integer.toString(truncatedIds.length));
        json.key("firstIds").longs(Arrays.copyOf(longIds, LONG_TEXT_PREFIX));
        json.close('}');
        json.close(']');

        json.key("vectors").open('[');
        for (int i = 0; i < VECTOR_TEXTS.size(); i++) {
            json.open('{');
            json.key("text").string(VECTOR_TEXTS.get(i));
            json.key("ids").longs(ids(tokenizer, VECTOR_TEXTS.get(i)));
            json.key("vector").floats(vectors.get(i));
            json.close('}');
        }
        json.close(']');
        json.close('}');

        Files.createDirectories(output.toAbsolutePath().getParent());
        Files.writeString(output, json.toString(), StandardCharsets.UTF_8);
        System.out.println("wrote " + output.toAbsolutePath().normalize());
        System.out.printf("long text: %d ids untruncated, %d from LangChain4j's tokenizer (truncation=%s, maxLength=%d)%n",
                longIds.length, truncatedIds.length, tokenizer.getTruncation(), tokenizer.getMaxLength());
    }

    /**
     * The same tokenizer.json with truncation switched off. (DJL truncates by default, to the
     * tokenizer.json's max_length or else to 512, and LangChain4j keeps that default.)
     */
    static HuggingFaceTokenizer untruncated(String modelId) throws Exception {
        String resource = modelId + "-tokenizer.json"; // as named by the model class
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
            return HuggingFaceTokenizer.newInstance(in, Map.of("padding", "false", "truncation", "false"));
        }
    }

    /** Token ids with special tokens, exactly as OnnxBertBiEncoder asks for them. */
    static long[] ids(HuggingFaceTokenizer tokenizer, String text) {
        return tokenizer.encode(text, true, false).getIds();
    }

    static double norm(float[] vector) {
        double sum = 0;
        for (float v : vector) {
            sum += (double) v * v;
        }
        return Math.sqrt(sum);
    }

    static Object invoke(Object target, Class<?> declaringClass, String name) throws Exception {
        Method method = declaringClass.getDeclaredMethod(name);
        method.setAccessible(true);
        return method.invoke(target);
    }

    static Object field(Object target, String name) throws Exception {
        Field field = target.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field.get(target);
    }

    static String mavenVersion(String groupId, String artifactId) throws Exception {
        String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = ReferenceEmbeddings.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        }
    }

    /** Just enough JSON writing for this file: one key or array element per line. */
    static final class Json {
        private final StringBuilder out = new StringBuilder();
        private final List<Boolean> first = new ArrayList<>();
        private boolean afterKey;

        Json open(char bracket) {
            element();
            out.append(bracket);
            first.add(true);
            return this;
        }

        Json close(char bracket) {
            first.remove(first.size() - 1);
            newline();
            out.append(bracket);
            if (first.isEmpty()) {
                out.append('\n');
            }
            return this;
        }

        Json key(String key) {
            element();
            quote(key);
            out.append(": ");
            afterKey = true;
            return this;
        }

        Json string(String value) {
            element();
            quote(value);
            return this;
        }

        Json raw(String value) {
            element();
            out.append(value);
            return this;
        }

        Json longs(long[] values) {
            return raw(Arrays.stream(values).mapToObj(Long::toString).collect(Collectors.joining(", ", "[", "]")));
        }

        Json floats(float[] values) {
            StringBuilder list = new StringBuilder("[");
            for (int i = 0; i < values.length; i++) {
                list.append(i == 0 ? "" : ", ").append(Float.toString(values[i]));
            }
            return raw(list.append(']').toString());
        }

        private void element() {
            if (afterKey) {
                afterKey = false;
                return;
            }
            if (!first.isEmpty()) {
                int last = first.size() - 1;
                if (!first.get(last)) {
                    out.append(',');
                }
                first.set(last, false);
                newline();
            }
        }

        private void newline() {
            out.append('\n').append("  ".repeat(first.size()));
        }

        private void quote(String value) {
            out.append('"');
            for (char c : value.toCharArray()) {
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    default -> {
                        if (c < 0x20) {
                            out.append(String.format("\\u%04x", (int) c));
                        } else {
                            out.append(c);
                        }
                    }
                }
            }
            out.append('"');
        }

        @Override
        public String toString() {
            return out.toString();
        }
    }
}
