//! The Gomorpion screen (src/app/gomorpion_screen.rs) driven by keys and clicks and
//! rendered into a `TextScreen`: the layout, the diagram letters with circles and
//! links, refusals with a message, casts and scores, resigning, leaving, and the
//! computer as an opponent.

mod common;

use common::gomorpion::{RULE_9_DIAGRAM, game, pt};
use piskrs::app::gomorpion_screen::{
    Flow, GomorpionScreen, KEY_BAR_Y, ROWS, STATUS_Y, point_at, screen_x, screen_y,
};
use piskrs::app::screen::{Style, TextScreen};
use piskrs::app::ui::{Input, Key};
use piskrs::rules::coord::Point;
use piskrs::rules::gomorpion::{Player, PointView, SIDE};

use Player::{Black, Red};

fn render(s: &GomorpionScreen) -> TextScreen {
    let mut screen = TextScreen::new();
    s.render(&mut screen);
    screen
}

fn text_at(screen: &TextScreen, x: usize, y: usize, len: usize) -> String {
    (x..x + len)
        .map(|x| char::from(screen.cell(x, y).ch))
        .collect()
}

fn row(screen: &TextScreen, y: usize) -> String {
    text_at(screen, 0, y, 80).trim_end().to_string()
}

/// The characters drawn for an intersection and the cells either side of it.
fn around(screen: &TextScreen, name: &str) -> String {
    let p = pt(name);
    text_at(screen, screen_x(p.col) - 1, screen_y(p.row), 3)
}

fn click(s: &mut GomorpionScreen, name: &str) -> Flow {
    let p = pt(name);
    s.handle(Input::Click {
        x: screen_x(p.col) as u8,
        y: screen_y(p.row) as u8,
    })
}

fn key(s: &mut GomorpionScreen, k: Key) -> Flow {
    s.handle(Input::Key(k))
}

fn status(s: &GomorpionScreen) -> String {
    String::from_utf8_lossy(s.status().as_bytes()).into_owned()
}

fn panel(screen: &TextScreen, y: usize) -> String {
    text_at(screen, 64, y, 16).trim_end().to_string()
}

#[test]
fn the_whole_board_and_its_coordinates_fit_37_rows_of_80_columns() {
    let s = GomorpionScreen::new(None, 1);
    let screen = render(&s);
    // Column names: A..Z, then AA..AD written downwards.
    assert_eq!(text_at(&screen, screen_x(0), 2, 1), "A");
    assert_eq!(text_at(&screen, screen_x(25), 2, 1), "Z");
    for (col, second) in [(26, "A"), (27, "B"), (28, "C"), (29, "D")] {
        assert_eq!(text_at(&screen, screen_x(col), 1, 1), "A");
        assert_eq!(text_at(&screen, screen_x(col), 2, 1), second);
    }
    // Row numbers 30 at the top to 1 at the bottom.
    assert_eq!(text_at(&screen, 0, screen_y(29), 2), "30");
    assert_eq!(text_at(&screen, 0, screen_y(0), 2), " 1");
    assert!(screen_y(0) < STATUS_Y && STATUS_Y < KEY_BAR_Y && KEY_BAR_Y < ROWS);
    assert!(
        screen_x(SIDE - 1) + 1 < 64,
        "the board stays left of the panel"
    );
    // Every intersection is a free dot on an empty board.
    for r in 0..SIDE {
        for c in 0..SIDE {
            let cell = screen.cell(screen_x(c), screen_y(r));
            assert_eq!(cell.ch, 0xFA, "{c},{r}");
        }
    }
    assert!(row(&screen, 0).contains("Gomorpion 30x30"));
    assert_eq!(panel(&screen, 2), "Cast 1");
    assert_eq!(panel(&screen, 4), "X Black 0");
    assert_eq!(panel(&screen, 5), "O Red   0");
    assert_eq!(panel(&screen, 7), "To move: Black");
    // The key bar, as on the Gomoku screens.
    let bar = row(&screen, KEY_BAR_Y);
    assert!(
        bar.starts_with(" F1 Help  Arrows Move  Enter/Space"),
        "{bar}"
    );
    assert!(bar.contains("R Resign  Esc Menu"), "{bar}");
    // The cursor starts in the middle, in brackets.
    assert_eq!(around(&screen, "P16"), "[\u{FA}]");
}

#[test]
fn every_intersection_is_clicked_where_it_is_drawn_and_nothing_else_is_a_point() {
    for r in 0..SIDE {
        for c in 0..SIDE {
            let p = point_at(screen_x(c) as u8, screen_y(r) as u8);
            assert!(p == Some(Point::new(c, r)), "{c},{r}");
            assert!(point_at(screen_x(c) as u8 + 1, screen_y(r) as u8).is_none());
        }
    }
    assert!(point_at(2, screen_y(0) as u8).is_none());
    assert!(point_at(screen_x(0) as u8, screen_y(0) as u8 + 1).is_none());
    assert!(point_at(screen_x(0) as u8, 2).is_none());
    assert!(point_at(70, 10).is_none());
}

#[test]
fn a_click_plays_and_the_status_names_the_move() {
    let mut s = GomorpionScreen::new(None, 1);
    assert!(click(&mut s, "K15") == Flow::Continue);
    assert!(
        s.game().view(pt("K15"))
            == PointView::Live(Black, piskrs::rules::gomorpion::LiveMark::Current)
    );
    assert_eq!(status(&s), "Black played K15. Red to move.");
    click(&mut s, "AB30");
    assert_eq!(status(&s), "Red played AB30. Black to move.");
    let screen = render(&s);
    let k15 = screen.cell(screen_x(10), screen_y(14));
    assert_eq!(k15.ch, b'X');
    assert!(k15.style == Style::BlackStone);
    let ab30 = screen.cell(screen_x(27), screen_y(29));
    assert_eq!(ab30.ch, b'O');
    assert!(ab30.style == Style::WhiteLast, "the last move stands out");
    assert_eq!(panel(&screen, 8), "Last: AB30");
    click(&mut s, "A1");
    let screen = render(&s);
    assert!(screen.cell(screen_x(27), screen_y(29)).style == Style::RedPiece);
    assert!(screen.cell(screen_x(0), screen_y(0)).style == Style::WhiteLast);
    // Keys in either case.
    key(&mut s, Key::Char(b'R'));
    assert_eq!(status(&s), "Resign this game? Y/N");
    key(&mut s, Key::Char(b'N'));
    assert!(!s.game().is_over());
}

#[test]
fn a_click_off_the_board_or_on_a_taken_point_is_refused_and_changes_nothing() {
    let mut s = GomorpionScreen::new(None, 1);
    click(&mut s, "C3");
    let before = s.game().clone();
    s.handle(Input::Click { x: 70, y: 20 });
    assert!(status(&s).contains("Click on an intersection"));
    s.handle(Input::Click {
        x: screen_x(4) as u8 + 1,
        y: screen_y(4) as u8,
    });
    assert!(status(&s).contains("Click on an intersection"));
    assert!(render(&s).cell(1, STATUS_Y).style == Style::Alert);
    click(&mut s, "C3");
    assert_eq!(status(&s), "That intersection is taken.");
    assert!(*s.game() == before);
}

#[test]
fn a_move_on_an_intersection_the_opponent_has_sieged_is_refused_with_a_message() {
    let mut s = GomorpionScreen::new(None, 1);
    *s.game_mut() = game(
        "
            A B C D E F G
          2 o o B x x x .
          1 r o . x b x .",
        Black,
    );
    let before = s.game().clone();
    click(&mut s, "A1");
    assert_eq!(
        status(&s),
        "Refused: your opponent has sieged that intersection."
    );
    assert!(*s.game() == before);
    // Black's own siege: allowed, and the piece is safe (Y).
    click(&mut s, "E1");
    assert!(s.game().view(pt("E1")) == PointView::Safe(Black));
    let screen = render(&s);
    assert_eq!(screen.cell(screen_x(4), screen_y(0)).ch, b'Y');
    assert_eq!(screen.cell(screen_x(0), screen_y(0)).ch, b'r');
    assert!(screen.cell(screen_x(0), screen_y(0)).style == Style::RedPiece);
}

#[test]
fn the_keyboard_moves_the_cursor_around_the_edges_and_enter_plays() {
    let mut s = GomorpionScreen::new(None, 1);
    assert!(s.cursor() == pt("P16"));
    key(&mut s, Key::Left);
    key(&mut s, Key::Down);
    assert!(s.cursor() == pt("O15"));
    for _ in 0..15 {
        key(&mut s, Key::Down);
    }
    assert!(s.cursor() == pt("O30"), "wraps from row 1 to row 30");
    key(&mut s, Key::Enter);
    assert!(s.game().view(pt("O30")) != PointView::Free);
    key(&mut s, Key::Char(b'q'));
    assert!(status(&s).contains("R resigns"));
}

#[test]
fn a_cast_won_by_clicks_shows_captures_linked_and_circled_and_the_score() {
    let mut s = GomorpionScreen::new(None, 1);
    *s.game_mut() = game(RULE_9_DIAGRAM, Black);
    click(&mut s, "E6");
    assert_eq!(status(&s), "Cast 1 to Black: Black +6, Red +0.");
    key(&mut s, Key::Up); // the cursor's brackets off the five
    let screen = render(&s);
    // The five is linked, B─B; the lone capture C3 is circled; Black's other
    // pieces are carried (x), Red's none left.
    assert_eq!(
        text_at(&screen, screen_x(0), screen_y(5), 9),
        "B\u{C4}B\u{C4}B\u{C4}B\u{C4}B"
    );
    assert_eq!(around(&screen, "C3"), "(B)");
    assert!(screen.cell(screen_x(2), screen_y(2)).style == Style::BlackCaptured);
    assert_eq!(around(&screen, "B4"), " x ");
    assert_eq!(panel(&screen, 2), "Cast 2");
    assert_eq!(panel(&screen, 4), "X Black 6");
    assert_eq!(panel(&screen, 7), "To move: Red");
}

#[test]
fn recapturable_pieces_are_circled_and_two_circles_share_a_bar() {
    let mut s = GomorpionScreen::new(None, 1);
    *s.game_mut() = common::gomorpion::game_with(
        "
            A B C D
          2 . o o .
          1 . . . .",
        Black,
        Some(Black),
    );
    let screen = render(&s);
    assert_eq!(
        text_at(&screen, screen_x(1) - 1, screen_y(1), 5),
        "(o\u{B3}o)"
    );
}

#[test]
fn resign_by_key_or_key_bar_asks_first_and_ends_the_game() {
    let mut s = GomorpionScreen::new(None, 1);
    click(&mut s, "K15");
    key(&mut s, Key::Char(b'R'));
    assert_eq!(status(&s), "Resign this game? Y/N");
    key(&mut s, Key::Char(b'n'));
    assert!(!s.game().is_over());
    assert_eq!(status(&s), "Play on.");
    // R Resign on the key bar: Red (to move) resigns.
    s.handle(Input::Click {
        x: 48,
        y: KEY_BAR_Y as u8,
    });
    assert_eq!(status(&s), "Resign this game? Y/N");
    key(&mut s, Key::Char(b'y'));
    assert!(s.game().is_over());
    assert!(s.game().winner() == Some(Black));
    assert_eq!(status(&s), "Red resigned. Black wins 0 to 0. Esc: menu.");
    assert_eq!(panel(&render(&s), 7), "Game over");
    // Over: the key bar offers no resigning, and R changes nothing.
    assert!(!row(&render(&s), KEY_BAR_Y).contains("Resign"));
    assert!(row(&render(&s), KEY_BAR_Y).contains("Esc Menu"));
    key(&mut s, Key::Char(b'r'));
    assert_eq!(status(&s), "Red resigned. Black wins 0 to 0. Esc: menu.");
    // A click is refused, Esc leaves at once.
    click(&mut s, "A1");
    assert!(status(&s).contains("The game is over"));
    assert!(key(&mut s, Key::Escape) == Flow::Leave);
}

#[test]
fn esc_asks_before_leaving_a_game_in_progress() {
    let mut s = GomorpionScreen::new(None, 1);
    assert!(key(&mut s, Key::Escape) == Flow::Continue);
    assert_eq!(status(&s), "Leave this game for the menu? Y/N");
    assert!(key(&mut s, Key::Char(b'n')) == Flow::Continue);
    assert!(key(&mut s, Key::Escape) == Flow::Continue);
    assert!(key(&mut s, Key::Char(b'y')) == Flow::Leave);
    let mut s = GomorpionScreen::new(None, 1);
    let menu_button = Input::Click {
        x: 58,
        y: KEY_BAR_Y as u8,
    };
    assert!(s.handle(menu_button) == Flow::Continue);
    assert!(key(&mut s, Key::Char(b'Y')) == Flow::Leave);
}

#[test]
fn the_computer_answers_with_legal_moves_until_the_game_ends() {
    for seed in [1u16, 77, 4242] {
        let mut s = GomorpionScreen::new(Some(Red), seed);
        assert!(!s.computer_to_move(), "Black (the person) begins");
        let mut clicks = 0u32;
        let mut next = seed as u32;
        while !s.game().is_over() {
            if s.computer_to_move() {
                let before = s.game().clone();
                s.computer_move();
                assert!(*s.game() != before, "the computer moved");
                assert!(s.game().to_move() == Black || s.game().is_over());
                continue;
            }
            // The person clicks pseudo-random intersections; refusals are fine.
            next = next.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let c = ((next >> 8) % SIDE as u32) as u8;
            let r = ((next >> 20) % SIDE as u32) as u8;
            s.handle(Input::Click {
                x: screen_x(c) as u8,
                y: screen_y(r) as u8,
            });
            clicks += 1;
            assert!(clicks < 200_000, "the game must end");
        }
        assert!(status(&s).starts_with("Game over."), "{}", status(&s));
    }
    // The computer as Black begins at once.
    let mut s = GomorpionScreen::new(Some(Black), 9);
    assert!(s.computer_to_move());
    s.computer_move();
    assert!(s.game().to_move() == Red);
}

#[test]
fn f1_shows_the_keys_below_the_board_on_50_rows_and_takes_the_screen_on_43() {
    let mut s = GomorpionScreen::new(None, 1);
    s.show_rules_below(50);
    assert_eq!(row(&render(&s), 36).trim(), "Gomorpion");
    key(&mut s, Key::F1);
    let screen = render(&s);
    let bar = row(&screen, KEY_BAR_Y);
    assert!(
        bar.starts_with(" Page 2 of 2") && bar.ends_with("leave the help"),
        "{bar}"
    );
    assert_eq!(row(&screen, 36).trim(), "Gomorpion: the board and the keys");
    assert_eq!(text_at(&screen, 0, screen_y(0), 2), " 1", "the board stays");
    key(&mut s, Key::PageUp);
    assert_eq!(row(&render(&s), 36).trim(), "Gomorpion");
    key(&mut s, Key::Escape);
    let screen = render(&s);
    assert!(row(&screen, KEY_BAR_Y).starts_with(" F1 Help"));
    assert_eq!(row(&screen, 36).trim(), "Gomorpion");
    // 43 rows (an EGA): the first page on the whole screen.
    let mut s = GomorpionScreen::new(None, 1);
    s.show_rules_below(43);
    key(&mut s, Key::F1);
    let screen = render(&s);
    assert_eq!(row(&screen, 2).trim(), "Gomorpion");
    assert!(row(&screen, STATUS_Y).starts_with(" Page 1 of 2"));
}
