package club.pente.ai.engine.book;

import club.pente.ai.engine.Budget;
import club.pente.ai.engine.Engine;
import club.pente.ai.engine.EngineConfig;
import club.pente.ai.engine.SearchResult;
import club.pente.core.notation.Notation;
import club.pente.core.rules.Position;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OpeningBookTest {
    private static Position played(String moves) {
        Position position = new Position();
        for (String m : moves.trim().split("\\s+")) {
            position.play(Notation.parse(m));
        }
        return position;
    }

    private static Position mirrored(String moves, int t) {
        Position position = new Position();
        for (String m : moves.trim().split("\\s+")) {
            position.play(Symmetry.apply(t, Notation.parse(m)));
        }
        return position;
    }

    @Test
    void everyMirrorImageOfABookPositionFindsTheMirroredMove() {
        OpeningBook book = OpeningBook.parse("# test\nK10 K9 G7 : H11 12 1\n");
        assertThat(book.size()).isEqualTo(1);
        for (int t = 0; t < Symmetry.COUNT; t++) {
            List<OpeningBook.Entry> entries = book.entries(mirrored("K10 K9 G7", t));
            assertThat(entries).as("symmetry %d", t).hasSize(1);
            assertThat(entries.get(0).move()).isEqualTo(Symmetry.apply(t, Notation.parse("H11")));
            assertThat(entries.get(0).score()).isEqualTo(12);
        }
        assertThat(book.entries(played("K10 K9 G6"))).isEmpty();
        assertThat(book.entries(played("K10 K9"))).isEmpty();
        assertThat(book.choose(played("K10 K9 G6"), new SplittableRandom(1))).isNull();
    }

    @Test
    void theEightSymmetriesAreDistinctAndInvertible() {
        int p = Notation.parse("M13");
        Set<Integer> images = new HashSet<>();
        for (int t = 0; t < Symmetry.COUNT; t++) {
            images.add(Symmetry.apply(t, Notation.parse("L13")));
            assertThat(Symmetry.apply(Symmetry.inverse(t), Symmetry.apply(t, p))).isEqualTo(p);
        }
        assertThat(images).hasSize(8);
    }

    @Test
    void weightedChoiceUsesTheSeededRandomAndEveryMirrorOfASymmetricPosition() {
        OpeningBook book = OpeningBook.parse("K10 L10 N13 : M12 30 3, L12 10 1\nK10 : K9 5 1\n");
        Position position = played("K10 L10 N13");
        int heavy = 0;
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 400; i++) {
            OpeningBook.Entry e = book.choose(position, random);
            assertThat(e.move()).isIn(Notation.parse("M12"), Notation.parse("L12"));
            heavy += e.move() == Notation.parse("M12") ? 1 : 0;
        }
        assertThat(heavy).isBetween(250, 350);
        assertThat(book.choose(position, new SplittableRandom(9))).isEqualTo(book.choose(position, new SplittableRandom(9)));
        // After K10 alone the board is its own mirror image: the four stones next to the centre are all K9's images.
        Set<Integer> replies = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            replies.add(book.choose(played("K10"), random).move());
        }
        assertThat(replies).containsExactlyInAnyOrder(Notation.parse("K9"), Notation.parse("K11"),
                Notation.parse("J10"), Notation.parse("L10"));
    }

    @Test
    void illegalLinesAreRefusedWithTheirLineNumber() {
        assertThatThrownBy(() -> OpeningBook.parse("K10 : K9 1 1\nK10 K9 K11 : M12 1 1\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 2");
        assertThatThrownBy(() -> OpeningBook.parse("K10 K9 : K10 1 1\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("illegal book move");
        assertThatThrownBy(() -> OpeningBook.parse("K10 K9 : L11 1\n")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OpeningBook.parse("K10 K9 L11\n")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OpeningBook.parse("K10 K9 : L12 1 0\n")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OpeningBook.parse("K10 Z99 : L12 1 1\n")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theShippedBookParsesAndEveryMoveIsLegalInItsPosition() {
        OpeningBook book = OpeningBook.standard();
        assertThat(book.size()).isGreaterThan(100);
        for (OpeningBook.Line line : book.lines()) {
            Position position = Position.of(line.moves().stream().mapToInt(Integer::intValue).toArray());
            List<OpeningBook.Entry> entries = book.entries(position);
            assertThat(entries).as(line.format()).isNotEmpty();
            for (OpeningBook.Entry e : entries) {
                assertThat(position.check(e.move())).as(line.format()).isNull();
            }
        }
    }

    @Test
    void theBuilderIsDeterministicForASeed() {
        BookBuilder builder = new BookBuilder(4, 600, 9, 3);
        OpeningBook a = builder.build(null);
        OpeningBook b = builder.build(null);
        assertThat(a.size()).isEqualTo(9);
        assertThat(a.format("x")).isEqualTo(b.format("x"));
        // It round-trips through its text format.
        assertThat(OpeningBook.parse(a.format("x")).format("x")).isEqualTo(a.format("x"));
    }

    @Test
    void theEngineAnswersABookPositionAtOnceWithTheBookMove() {
        OpeningBook book = OpeningBook.parse("K10 K9 G7 : H11 12 1\n");
        Engine engine = new Engine(EngineConfig.level(8), 1, club.pente.ai.engine.EvalWeights.DEFAULT, book);
        SearchResult r = engine.bestMove(mirrored("K10 K9 G7", 5), Budget.millis(5_000));
        assertThat(r.move()).isEqualTo(Symmetry.apply(5, Notation.parse("H11")));
        assertThat(r.depth()).isZero();
        assertThat(r.nodes()).isZero();
        assertThat(r.score()).isEqualTo(12);
        assertThat(r.timeMs()).isLessThan(1_000);
        // Out of the book, it searches.
        SearchResult searched = engine.bestMove(played("K10 K9 G6"), Budget.nodes(2_000));
        assertThat(searched.nodes()).isPositive();
        // The default engine at the book levels uses the shipped book, below them none.
        Position first = played("K10");
        assertThat(new Engine(EngineConfig.level(Engine.BOOK_LEVEL), 1).bestMove(first, Budget.nodes(2_000)).depth()).isZero();
        assertThat(new Engine(EngineConfig.level(Engine.BOOK_LEVEL - 1), 1).bestMove(first, Budget.nodes(2_000)).nodes()).isPositive();
    }
}
