//! The Gomocup (Piskvork) brain protocol: one line in, zero or more lines out.
//!
//! The manager sends one command a line (see the protocol at
//! <https://plastovicka.github.io/protocl2en.htm>); [`Brain::handle`] answers it.
//! The brain keeps a [`Game`] so that BEGIN, TURN, BOARD and TAKEBACK stay
//! consistent, and asks the core's one door, `engine::think`, for its moves.
//!
//! Coordinates on the wire are 0-based `x,y`: `x` the column from the left, `y`
//! the row from the **top**; a [`Point`] counts rows from the bottom, so
//! `row = side - 1 - y`.
//!
//! Replies:
//! - `OK` to START (sizes 15, 19, 20), RESTART and TAKEBACK;
//! - `x,y` to BEGIN, TURN and BOARD...DONE;
//! - nothing to INFO (the manager does not read replies to it; a rule this brain
//!   cannot play is refused at the next BEGIN, TURN or BOARD, as the protocol
//!   asks for unachievable INFO) and nothing to END;
//! - `ERROR message` to a known command that is malformed or cannot be obeyed
//!   (the state is then unchanged, except after a TURN whose stone ends the
//!   game: the stone stays, as on the manager's board);
//! - `UNKNOWN message` to anything else. Empty lines are ignored.
//!
//! The files, a job each:
//!
//! - `settings`: the brain's command line (its level, budget and seed);
//! - `wire`: the protocol's text: a line read, points and numbers parsed
//!   and written, INFO rule's bits;
//! - `replay`: the game as the brain rebuilds it from BOARD and TAKEBACK,
//!   and why a game is over or a move refused;
//! - here: the brain and its answer to each command.

use crate::player::Player;
use crate::timed::{Limits, Thinker};
use piskrs::ai::engine::Position;
use piskrs::rules::Opening;
use piskrs::rules::board::{MAX_SIDE, Stone};
use piskrs::rules::coord::Point;
use piskrs::rules::game::Game;
use piskrs::rules::renju::{Foul, each_foul, foul_on};
use piskrs::support::random::Random;
use std::time::Instant;

mod replay;
mod settings;
mod swap2;
mod wire;

use replay::{move_error, nearest_free, over_message, replay, replay_under};
pub use settings::{DEFAULT_BUDGET, Invocation, Settings, USAGE};
pub(crate) use wire::wire;
pub use wire::{Rules, read_line};
use wire::{parse_number, parse_point, parse_xy, rule_of, shorten};

/// The board sizes START accepts (20 is the Gomocup size).
pub const SIZES: [u8; 3] = [15, 19, 20];

const NAME: &str = "pbrain-piskrs";
const AUTHOR: &str = "the piskrs maintainers";
const COUNTRY: &str = "";
const WWW: &str = "";

/// The brain's answer to one line.
#[derive(Default)]
pub struct Reply {
    /// Lines to write, in order, without line ends.
    pub lines: Vec<String>,
    /// END: stop after writing `lines` (there are none).
    pub quit: bool,
}

impl Reply {
    fn none() -> Reply {
        Reply::default()
    }

    fn line(text: String) -> Reply {
        Reply {
            lines: vec![text],
            quit: false,
        }
    }

    fn error(message: impl AsRef<str>) -> Reply {
        Reply::line(format!("ERROR {}", message.as_ref()))
    }
}

/// A BOARD or SWAP2BOARD being received: the stone lines so far, up to DONE.
struct StonesInput<T> {
    /// The stones in the order sent: BOARD's (point, field), SWAP2BOARD's
    /// points.
    stones: Vec<T>,
    /// The first bad line, reported at DONE.
    error: Option<String>,
}

impl<T> StonesInput<T> {
    /// The input of the list `command` (BOARD or SWAP2BOARD), which takes no
    /// parameters: the refusal where `rest` has some.
    fn begin(command: &str, rest: &str) -> Result<StonesInput<T>, Reply> {
        if !rest.is_empty() {
            return Err(Reply::error(format!(
                "{command} takes no parameters (its stones follow on lines)"
            )));
        }
        Ok(StonesInput {
            stones: Vec::new(),
            error: None,
        })
    }
}

/// A BOARD being received.
type BoardInput = StonesInput<(Point, u8)>;

/// A Gomocup brain: the game so far and the level that plays it.
pub struct Brain {
    engine: Player,
    random: Random,
    /// The rules from INFO rule, or why they cannot be played.
    rule: Result<Rules, String>,
    /// The game's: Renju binds Black.
    renju: bool,
    /// Black's first stone's rule: Outer-Open after INFO outer_open (the
    /// arena's and tournament's word for seeds/001's rule; the protocol has
    /// none), anywhere after INFO outer_open 0 and at first.
    opening: Opening,
    /// None before START.
    game: Option<Game>,
    /// The brain's colour; None while the board is empty (BEGIN makes it Black,
    /// the first TURN White, BOARD decides by the stones).
    me: Option<Stone>,
    /// Some between BOARD and DONE.
    board: Option<BoardInput>,
    /// Some between SWAP2BOARD and DONE.
    swap2: Option<swap2::Swap2Input>,
    /// What thinks for the time given, if anything (Settings::timed).
    timed: Option<Player>,
    /// The time limits from INFO.
    limits: Limits,
    /// When the line being answered came in (a move's time starts there).
    received: Instant,
    thinker: Thinker,
}

impl Brain {
    pub fn new(settings: Settings) -> Brain {
        Brain {
            engine: settings.engine,
            random: Random::new(settings.seed),
            rule: Ok(Rules::FREESTYLE),
            renju: false,
            opening: Opening::Free,
            game: None,
            me: None,
            board: None,
            swap2: None,
            timed: settings.timed,
            limits: Limits::default(),
            received: Instant::now(),
            thinker: Thinker::default(),
        }
    }

    /// The time limits INFO gave so far.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The game so far (None before START).
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The brain's colour, once the game has a stone.
    pub fn colour(&self) -> Option<Stone> {
        self.me
    }

    /// Answers one input line (without its line end; surrounding white space,
    /// a stray CR included, is ignored).
    pub fn handle(&mut self, line: &str) -> Reply {
        self.handle_at(line, Instant::now())
    }

    /// As [`Brain::handle`], for a line that came in at `received` (a move's
    /// time counts from there).
    pub fn handle_at(&mut self, line: &str, received: Instant) -> Reply {
        self.received = received;
        let line = line.trim();
        if self.board.is_some() {
            return self.board_line(line);
        }
        if self.swap2.is_some() {
            return self.swap2_line(line);
        }
        if line.is_empty() {
            return Reply::none();
        }
        self.command(line)
    }

    /// Whether the game is Renju (INFO rule 4 before its START or RESTART).
    pub fn renju(&self) -> bool {
        self.renju
    }

    /// A line between BOARD and DONE.
    fn board_line(&mut self, line: &str) -> Reply {
        if line.is_empty() {
            return Reply::none();
        }
        if line.eq_ignore_ascii_case("DONE") {
            let input = self.board.take().expect("in a BOARD");
            return self.finish_board(input);
        }
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != 3 {
            // Not a stone line: the BOARD was cut short. Refuse it and read the
            // line as a command (END must still end the brain).
            self.board = None;
            let error = format!(
                "BOARD ended without DONE (got '{}'); the board is unchanged",
                shorten(line)
            );
            return self.cut_short(error, line);
        }
        // Before START the side is unknown: DONE will say so.
        let side = self
            .game
            .as_ref()
            .map_or(MAX_SIDE, |game| game.board().side());
        let input = self.board.as_mut().expect("in a BOARD");
        if input.error.is_some() {
            return Reply::none();
        }
        let parsed = parse_xy(fields[0], fields[1], side).and_then(|point| {
            let field = parse_number(fields[2])
                .filter(|&f| (1..=3).contains(&f))
                .ok_or("the field is 1 (mine), 2 (yours) or 3")?;
            if input.stones.iter().any(|&(p, _)| p == point) {
                return Err("the point is given twice".to_string());
            }
            Ok((point, field as u8))
        });
        match parsed {
            Ok(stone) => input.stones.push(stone),
            Err(message) => {
                input.error = Some(format!("BOARD line '{}': {message}", shorten(line)));
            }
        }
        Reply::none()
    }

    /// A BOARD or SWAP2BOARD cut short by `line`: the error, then the line
    /// read as a command (END must still end the brain).
    fn cut_short(&mut self, error: String, line: &str) -> Reply {
        let mut reply = Reply::error(error);
        let next = self.command(line);
        reply.lines.extend(next.lines);
        reply.quit = next.quit;
        reply
    }

    /// A command line (not inside BOARD), non-empty and trimmed.
    fn command(&mut self, line: &str) -> Reply {
        let (word, rest) = match line.find(char::is_whitespace) {
            Some(at) => (&line[..at], line[at..].trim()),
            None => (line, ""),
        };
        match word.to_ascii_uppercase().as_str() {
            "START" => self.start(rest),
            "RECTSTART" => self.rectstart(rest),
            "RESTART" => self.restart(rest),
            "BEGIN" => self.begin(rest),
            "TURN" => self.turn(rest),
            "BOARD" => self.board_start(rest),
            "TAKEBACK" => self.takeback(rest),
            "INFO" => self.info(rest),
            "YXSHOWFORBID" => self.show_forbid(rest),
            "SWAP2BOARD" => self.swap2_start(rest),
            "ABOUT" => Reply::line(format!(
                "name=\"{NAME}\", version=\"{}\", author=\"{AUTHOR}\", country=\"{COUNTRY}\", www=\"{WWW}\"",
                env!("CARGO_PKG_VERSION")
            )),
            "END" => Reply {
                lines: Vec::new(),
                quit: true,
            },
            "DONE" => Reply::error("DONE without BOARD"),
            "PLAY" => Reply::line(
                "UNKNOWN PLAY answers SUGGEST, which this brain never sends".to_string(),
            ),
            _ => Reply::line(format!("UNKNOWN command '{}'", shorten(word))),
        }
    }

    fn start(&mut self, rest: &str) -> Reply {
        let Some(size) = parse_number(rest) else {
            return Reply::error("START needs a board size: 15, 19 or 20");
        };
        self.start_size(size)
    }

    fn start_size(&mut self, size: u32) -> Reply {
        match SIZES.iter().find(|&&s| s as u32 == size) {
            Some(&side) => {
                let rules = *self.rule.as_ref().unwrap_or(&Rules::FREESTYLE);
                self.game = Some(Game::with_opening(side, rules.win, self.opening));
                self.renju = rules.renju;
                self.me = None;
                // The tree's tables are built here, with no clock running,
                // rather than in the game's first timed move.
                crate::player::prepare_tree_tables();
                Reply::line("OK".to_string())
            }
            None => Reply::error(format!(
                "unsupported board size {size}: this brain plays 15, 19 and 20"
            )),
        }
    }

    fn rectstart(&mut self, rest: &str) -> Reply {
        match rest
            .split_once(',')
            .map(|(w, h)| (parse_number(w), parse_number(h)))
        {
            Some((Some(width), Some(height))) if width == height => self.start_size(width),
            Some((Some(_), Some(_))) => Reply::error("rectangular boards are not supported"),
            _ => Reply::error("RECTSTART needs width,height"),
        }
    }

    fn restart(&mut self, rest: &str) -> Reply {
        if !rest.is_empty() {
            return Reply::error("RESTART takes no parameters");
        }
        let Some(game) = &self.game else {
            return Reply::error("no START yet");
        };
        let side = game.board().side();
        let kept = Rules {
            win: game.rule(),
            renju: self.renju,
        };
        let rules = *self.rule.as_ref().unwrap_or(&kept);
        self.game = Some(Game::with_opening(side, rules.win, self.opening));
        self.renju = rules.renju;
        self.me = None;
        Reply::line("OK".to_string())
    }

    /// Why the brain cannot be asked for a move now, if it cannot.
    fn not_ready(&self) -> Option<String> {
        if self.game.is_none() {
            return Some("no START yet".to_string());
        }
        self.rule.as_ref().err().cloned()
    }

    fn begin(&mut self, rest: &str) -> Reply {
        if !rest.is_empty() {
            return Reply::error("BEGIN takes no parameters");
        }
        if let Some(why) = self.not_ready() {
            return Reply::error(why);
        }
        let stones = self.game.as_ref().map_or(0, |game| game.move_count());
        if stones > 0 {
            return Reply::error(format!(
                "BEGIN needs an empty board, this one has {stones} stones (RESTART first)"
            ));
        }
        self.me = Some(Stone::Black);
        self.reply_move()
    }

    fn turn(&mut self, rest: &str) -> Reply {
        if let Some(why) = self.not_ready() {
            return Reply::error(why);
        }
        let game = self.game.as_mut().expect("started");
        let side = game.board().side();
        let point = match parse_point(rest, side) {
            Ok(point) => point,
            Err(message) => return Reply::error(format!("TURN: {message}")),
        };
        if let Some(over) = over_message(game) {
            return Reply::error(over);
        }
        let his = game.to_move();
        if self.me == Some(his) {
            return Reply::error("it is my turn, not yours");
        }
        if self.renju
            && his == Stone::Black
            && let Some(why) = foul_on(game.board(), point)
        {
            return Reply::error(format!(
                "TURN {}: forbidden for Black under Renju ({})",
                wire(point, side),
                foul_name(why)
            ));
        }
        if let Err(error) = game.play(point) {
            return Reply::error(format!("TURN {}: {}", wire(point, side), move_error(error)));
        }
        self.me = Some(his.opponent());
        self.reply_move()
    }

    fn board_start(&mut self, rest: &str) -> Reply {
        match BoardInput::begin("BOARD", rest) {
            Ok(input) => self.board = Some(input),
            Err(reply) => return reply,
        }
        Reply::none()
    }

    fn finish_board(&mut self, input: BoardInput) -> Reply {
        if let Some(why) = self.not_ready() {
            return Reply::error(why);
        }
        if let Some(message) = input.error {
            return Reply::error(format!("{message}; the board is unchanged"));
        }
        if let Some(&(point, _)) = input.stones.iter().find(|&&(_, field)| field == 3) {
            let side = self.game.as_ref().expect("started").board().side();
            return Reply::error(format!(
                "BOARD {},3: field 3 (continuous game, renju) is not supported; the board is unchanged",
                wire(point, side)
            ));
        }
        let in_field = |field: u8| -> Vec<Point> {
            input
                .stones
                .iter()
                .filter(|&&(_, f)| f == field)
                .map(|&(p, _)| p)
                .collect()
        };
        let (mine, his) = (in_field(1), in_field(2));
        // Black moves first, so with me to move: as many stones each (I am
        // Black), or one more of his (I am White).
        let (me, black, white) = if mine.len() == his.len() {
            (Stone::Black, mine, his)
        } else if his.len() == mine.len() + 1 {
            (Stone::White, his, mine)
        } else {
            return Reply::error(format!(
                "BOARD has {} stones of mine and {} of yours: with me to move, I need as many as you or one fewer",
                mine.len(),
                his.len()
            ));
        };
        let old = self.game.as_ref().expect("started");
        let game = match replay(
            old.board().side(),
            old.rule(),
            old.opening(),
            &black,
            &white,
        ) {
            Ok(game) => game,
            Err(message) => {
                return Reply::error(format!("BOARD: {message}; the board is unchanged"));
            }
        };
        if let Some(over) = over_message(&game) {
            return Reply::error(format!("BOARD: {over}; the board is unchanged"));
        }
        self.game = Some(game);
        self.me = Some(me);
        self.reply_move()
    }

    fn takeback(&mut self, rest: &str) -> Reply {
        let Some(game) = self.game.as_mut() else {
            return Reply::error("no START yet");
        };
        let side = game.board().side();
        let point = match parse_point(rest, side) {
            Ok(point) => point,
            Err(message) => return Reply::error(format!("TAKEBACK: {message}")),
        };
        if game.last_move() == Some(point) {
            game.undo();
        } else {
            // Any stone of the colour that moved last can go: BOARD may have
            // sent the stones in any order, so "the last" is only a colour.
            let last_colour = game.to_move().opponent();
            match game.board().get(point) {
                None => {
                    return Reply::error(format!("TAKEBACK {}: no stone there", wire(point, side)));
                }
                Some(colour) if colour != last_colour => {
                    return Reply::error(format!(
                        "TAKEBACK {}: that stone did not move last",
                        wire(point, side)
                    ));
                }
                Some(_) => {}
            }
            let moves = game.moves();
            let mut black = Vec::new();
            let mut white = Vec::new();
            for (i, &p) in moves.iter().enumerate() {
                let list = if i.is_multiple_of(2) {
                    &mut black
                } else {
                    &mut white
                };
                if p != point {
                    list.push(p);
                }
            }
            match replay(side, game.rule(), game.opening(), &black, &white) {
                Ok(rebuilt) => *game = rebuilt,
                Err(message) => return Reply::error(format!("TAKEBACK: {message}")),
            }
        }
        if game.move_count() == 0 {
            self.me = None;
        }
        Reply::line("OK".to_string())
    }

    /// YXSHOWFORBID (Yixin's extension, as Rapfi answers it): `FORBID `,
    /// then each point Black may not play as four digits, x then y, and
    /// `.`; no point unless the game is Renju and Black is to move.
    fn show_forbid(&self, rest: &str) -> Reply {
        if !rest.is_empty() {
            return Reply::error("YXSHOWFORBID takes no parameters");
        }
        let Some(game) = &self.game else {
            return Reply::error("no START yet");
        };
        let side = game.board().side();
        let mut points = Vec::new();
        if self.renju && game.to_move() == Stone::Black {
            each_foul(game.board(), |point, _| points.push(point));
        }
        // Rapfi's order: row by row from the top, each from the left.
        points.sort_by_key(|p| (side - 1 - p.row, p.col));
        let mut text = "FORBID ".to_string();
        for point in points {
            text += &format!("{:02}{:02}", point.col, side - 1 - point.row);
        }
        text.push('.');
        Reply::line(text)
    }

    fn info(&mut self, rest: &str) -> Reply {
        let (key, value) = match rest.find(char::is_whitespace) {
            Some(at) => (&rest[..at], rest[at..].trim()),
            None => (rest, ""),
        };
        if key.eq_ignore_ascii_case("rule") {
            self.rule = rule_of(value);
            if let (Ok(rules), Some(game)) = (&self.rule, self.game.as_mut())
                && (rules.win != game.rule() || rules.renju != self.renju)
            {
                let rules = *rules;
                let rule = rules.win;
                // Mid-game (the protocol sends rules before the first move, but
                // a person may change them): the stones are played again under
                // the new rule, and a line may now win or stop winning. If the
                // new rule would have ended the game before its last stones
                // (an overline that wins only under five or more), this game
                // keeps its rule; the next START or RESTART takes the new one.
                if let Ok(replayed) = replay_under(game, rule, game.opening()) {
                    *game = replayed;
                    self.renju = rules.renju;
                }
            }
        }
        if key.eq_ignore_ascii_case("outer_open") {
            // The manager sends the word alone; `0` after it turns it off.
            self.opening = if parse_number(value) == Some(0) {
                Opening::Free
            } else {
                Opening::OuterTwoLines
            };
            // Sent after START: the game under way takes the rule if its
            // stones obey it (on an empty board, always).
            if let Some(game) = self.game.as_mut()
                && let Ok(replayed) = replay_under(game, game.rule(), self.opening)
            {
                *game = replayed;
            }
        }
        // The time limits, in milliseconds (a negative time_left is none left;
        // a value that is not a number is ignored, the protocol's rule for
        // what a brain cannot use). max_memory, game_type, folder, evaluate
        // and anything else are ignored: the search's memory is small and fixed.
        let ms = || -> Option<u64> {
            let value: i64 = value.parse().ok()?;
            Some(value.max(0) as u64)
        };
        let key = key.to_ascii_lowercase();
        match key.as_str() {
            "timeout_turn" => self.limits.turn = ms().or(self.limits.turn),
            "timeout_match" => self.limits.matched = ms().or(self.limits.matched),
            "time_left" => self.limits.left = ms().or(self.limits.left),
            _ => {}
        }
        Reply::none()
    }

    /// Thinks for the side to move (the brain), plays the point and says it.
    fn reply_move(&mut self) -> Reply {
        let game = self.game.as_mut().expect("started");
        let side = game.board().side();
        if let Some(over) = over_message(game) {
            return Reply::error(over);
        }
        let deadline = self.limits.deadline(self.received);
        let renju = self.renju;
        let chosen = match (deadline, self.timed) {
            (Some(deadline), Some(timed)) if game.move_count() > 0 => self
                .thinker
                .think(Player { renju, ..timed }, game, &self.random, deadline)
                .chosen
                .map(|(p, _)| p),
            _ => Player {
                renju,
                ..self.engine
            }
            .think(Position::of(game), &mut self.random)
            .map(|(p, _)| p),
        };
        let black_renju = renju && game.to_move() == Stone::Black;
        let allowed = |point: Point| !black_renju || foul_on(game.board(), point).is_none();
        let mut reply = Reply::none();
        let point = match chosen {
            Some(point) if game.check(point).is_ok() && allowed(point) => point,
            other => {
                // An engine bug must not lose the game on the spot: say so and
                // play the free point nearest the centre (one Black may play).
                let Some(fallback) = nearest_free(game, black_renju) else {
                    return Reply::error("the board is full");
                };
                let what = match other {
                    Some(point) => format!("the illegal point {}", wire(point, side)),
                    None => "no point".to_string(),
                };
                reply.lines.push(format!(
                    "MESSAGE the engine chose {what}; playing the nearest free point"
                ));
                fallback
            }
        };
        if game.play(point).is_err() {
            return Reply::error("the brain's own move was refused");
        }
        reply.lines.push(wire(point, side));
        reply
    }
}

/// A forbidden shape in words, for messages.
fn foul_name(why: Foul) -> &'static str {
    match why {
        Foul::Overline => "an overline",
        Foul::DoubleFour => "a double four",
        Foul::DoubleThree => "a double three",
    }
}
