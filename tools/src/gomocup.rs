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

use crate::player::Player;
use crate::timed::{Limits, Thinker};
use piskrs::board::{MAX_SIDE, Stone};
use piskrs::coord::Point;
use piskrs::engine::Position;
use piskrs::game::{Game, MoveError, Outcome};
use piskrs::random::Random;
use piskrs::rules::{Opening, WinRule};
use std::time::Instant;

/// Strong's node budget when `--budget` is not given: what PISKRS.COM searches
/// in its default thinking time on the reference 386 (settings.rs), so the
/// brain plays as the game ships.
pub const DEFAULT_BUDGET: u32 = piskrs::settings::DEFAULT_STRONG_BUDGET;

/// The board sizes START accepts (20 is the Gomocup size).
pub const SIZES: [u8; 3] = [15, 19, 20];

const NAME: &str = "pbrain-piskrs";
const AUTHOR: &str = "the piskrs maintainers";
const COUNTRY: &str = "";
const WWW: &str = "";

/// INFO rule bits this brain plays: 1 = exactly five (0 = five or more).
const RULE_EXACT_FIVE: u32 = 1;

/// How the brain was started: its level and random seed, and what thinks
/// when the manager gives a time limit.
#[derive(Clone, Copy)]
pub struct Settings {
    /// What plays with no time limit (or `timeout_turn 0`), and the first
    /// move of a game: a fixed budget, as PISKRS.COM searches.
    pub engine: Player,
    pub seed: u16,
    /// What thinks for the time INFO timeout_turn, timeout_match and
    /// time_left allow (see `timed`); None with `--budget` or a level that
    /// does not search: then `engine` plays whatever the time.
    pub timed: Option<Player>,
}

impl Default for Settings {
    /// No flags: Strong (the tree) at PISKRS.COM's budget with no time
    /// limit, and the tree on a clock when the manager gives time: it
    /// searches from that budget until its deadline stops it (at 200 ms a
    /// move against Rapfi 26.2% over five seeds, where Strong before the
    /// tree, which saturated within milliseconds, scored 4%:
    /// docs/strength.md, "Today's figures").
    fn default() -> Settings {
        Settings {
            engine: Player::strong(DEFAULT_BUDGET),
            seed: 1,
            timed: Some(Player::tree(DEFAULT_BUDGET)),
        }
    }
}

/// What the command line asked for.
pub enum Invocation {
    Run(Settings),
    Help,
}

pub const USAGE: &str = "\
usage: pbrain-piskrs [--level classic|cha|strong|tree] [--budget N] [--seed N]
  a Gomocup (Piskvork) brain on stdin/stdout
  --level   the computer's level (default strong: the tree, as PISKRS.COM
            plays it; tree is the same search)
  --budget  a fixed node budget, 1 or more, whatever the time: Strong's gives
            the same moves as PISKRS.COM at that budget. Without it, the time
            the manager gives is used (INFO timeout_turn, timeout_match,
            time_left): the tree searches from 470 nodes until the deadline
            stops it; with no time limit given (or timeout_turn 0) it plays
            470 nodes
  --seed    the random source's seed, 0..=65535 (default 1)";

impl Settings {
    /// Parses the command line (without the program name).
    pub fn from_args<I: IntoIterator<Item = String>>(args: I) -> Result<Invocation, String> {
        let mut level: Option<String> = None;
        let mut budget: Option<u32> = None;
        let mut seed: u16 = 1;
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((flag, value)) if flag.starts_with("--") => (flag.to_string(), Some(value)),
                _ => (arg.clone(), None),
            };
            let mut value = |name: &str| -> Result<String, String> {
                match inline {
                    Some(value) => Ok(value.to_string()),
                    None => args.next().ok_or(format!("{name} needs a value")),
                }
            };
            match flag.as_str() {
                "-h" | "--help" => return Ok(Invocation::Help),
                "--level" => level = Some(value("--level")?),
                "--budget" => {
                    let text = value("--budget")?;
                    match text.parse::<u32>() {
                        Ok(n) if n >= 1 => budget = Some(n),
                        _ => return Err(format!("--budget {text}: a number of nodes, 1 or more")),
                    }
                }
                "--seed" => {
                    let text = value("--seed")?;
                    seed = text
                        .parse()
                        .map_err(|_| format!("--seed {text}: a number 0..=65535"))?;
                }
                _ => return Err(format!("unknown argument {arg}")),
            }
        }
        let Some(level) = level else {
            let settings = match budget {
                Some(budget) => Settings {
                    engine: Player::strong(budget),
                    seed,
                    timed: None,
                },
                None => Settings {
                    seed,
                    ..Settings::default()
                },
            };
            return Ok(Invocation::Run(settings));
        };
        let engine = match level.as_str() {
            "strong" => Player::strong(budget.unwrap_or(DEFAULT_BUDGET)),
            "tree" => Player::tree(budget.unwrap_or(DEFAULT_BUDGET)),
            other => {
                if budget.is_some() {
                    return Err("--budget applies only to --level strong and tree".to_string());
                }
                match other {
                    "classic" => Player::CLASSIC,
                    "cha" => Player::CHA,
                    _ => return Err(format!("--level {other}: classic, cha, strong or tree")),
                }
            }
        };
        let timed = (engine.strong_budget().is_some() && budget.is_none()).then_some(engine);
        Ok(Invocation::Run(Settings {
            engine,
            seed,
            timed,
        }))
    }
}

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

/// A BOARD being received: the stone lines so far, up to DONE.
struct BoardInput {
    /// (point, field) in the order sent.
    stones: Vec<(Point, u8)>,
    /// The first bad line, reported at DONE.
    error: Option<String>,
}

/// A Gomocup brain: the game so far and the level that plays it.
pub struct Brain {
    engine: Player,
    random: Random,
    /// The rule from INFO rule, or why it cannot be played.
    rule: Result<WinRule, String>,
    /// None before START.
    game: Option<Game>,
    /// The brain's colour; None while the board is empty (BEGIN makes it Black,
    /// the first TURN White, BOARD decides by the stones).
    me: Option<Stone>,
    /// Some between BOARD and DONE.
    board: Option<BoardInput>,
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
            rule: Ok(WinRule::FiveOrMore),
            game: None,
            me: None,
            board: None,
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
        if line.is_empty() {
            return Reply::none();
        }
        self.command(line)
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
            let mut reply = Reply::error(format!(
                "BOARD ended without DONE (got '{}'); the board is unchanged",
                shorten(line)
            ));
            let next = self.command(line);
            reply.lines.extend(next.lines);
            reply.quit = next.quit;
            return reply;
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
                let rule = *self.rule.as_ref().unwrap_or(&WinRule::FiveOrMore);
                self.game = Some(Game::with_opening(side, rule, Opening::Free));
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
        let rule = *self.rule.as_ref().unwrap_or(&game.rule());
        self.game = Some(Game::with_opening(side, rule, Opening::Free));
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
        if let Err(error) = game.play(point) {
            return Reply::error(format!("TURN {}: {}", wire(point, side), move_error(error)));
        }
        self.me = Some(his.opponent());
        self.reply_move()
    }

    fn board_start(&mut self, rest: &str) -> Reply {
        if !rest.is_empty() {
            return Reply::error("BOARD takes no parameters (its stones follow on lines)");
        }
        self.board = Some(BoardInput {
            stones: Vec::new(),
            error: None,
        });
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
        let mine: Vec<Point> = input
            .stones
            .iter()
            .filter(|&&(_, f)| f == 1)
            .map(|&(p, _)| p)
            .collect();
        let his: Vec<Point> = input
            .stones
            .iter()
            .filter(|&&(_, f)| f == 2)
            .map(|&(p, _)| p)
            .collect();
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
        let game = match replay(old.board().side(), old.rule(), &black, &white) {
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
            match replay(side, game.rule(), &black, &white) {
                Ok(rebuilt) => *game = rebuilt,
                Err(message) => return Reply::error(format!("TAKEBACK: {message}")),
            }
        }
        if game.move_count() == 0 {
            self.me = None;
        }
        Reply::line("OK".to_string())
    }

    fn info(&mut self, rest: &str) -> Reply {
        let (key, value) = match rest.find(char::is_whitespace) {
            Some(at) => (&rest[..at], rest[at..].trim()),
            None => (rest, ""),
        };
        if key.eq_ignore_ascii_case("rule") {
            self.rule = rule_of(value);
            if let (Ok(rule), Some(game)) = (&self.rule, self.game.as_mut())
                && *rule != game.rule()
            {
                let rule = *rule;
                // Mid-game (the protocol sends rules before the first move, but
                // a person may change them): the stones are played again under
                // the new rule, and a line may now win or stop winning. If the
                // new rule would have ended the game before its last stones
                // (an overline that wins only under five or more), this game
                // keeps its rule; the next START or RESTART takes the new one.
                let moves = game.moves();
                let black: Vec<Point> = moves.iter().step_by(2).copied().collect();
                let white: Vec<Point> = moves.iter().skip(1).step_by(2).copied().collect();
                if let Ok(replayed) = replay(game.board().side(), rule, &black, &white) {
                    *game = replayed;
                }
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
        let chosen = match (deadline, self.timed) {
            (Some(deadline), Some(timed)) if game.move_count() > 0 => self
                .thinker
                .think(timed, game, &self.random, deadline)
                .chosen
                .map(|(p, _)| p),
            _ => self
                .engine
                .think(Position::of(game), &mut self.random)
                .map(|(p, _)| p),
        };
        let mut reply = Reply::none();
        let point = match chosen {
            Some(point) if game.check(point).is_ok() => point,
            other => {
                // An engine bug must not lose the game on the spot: say so and
                // play the free point nearest the centre.
                let Some(fallback) = nearest_free(game) else {
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

/// `x,y` on the wire for `point`.
fn wire(point: Point, side: u8) -> String {
    format!("{},{}", point.col, side - 1 - point.row)
}

/// A line cut to 40 characters, for messages.
fn shorten(line: &str) -> String {
    let mut cut: String = line.chars().take(40).collect();
    if cut.len() < line.len() {
        cut.push_str("...");
    }
    cut.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// A small non-negative decimal number (at most 9 digits, spaces around allowed).
fn parse_number(text: &str) -> Option<u32> {
    let text = text.trim();
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `x,y` on a board of `side`.
fn parse_point(text: &str, side: u8) -> Result<Point, String> {
    match text.split_once(',') {
        Some((x, y)) => parse_xy(x, y, side),
        None => Err(format!("'{}' is not x,y", shorten(text))),
    }
}

fn parse_xy(x: &str, y: &str, side: u8) -> Result<Point, String> {
    match (parse_number(x), parse_number(y)) {
        (Some(x), Some(y)) if x < side as u32 && y < side as u32 => {
            Ok(Point::new(x as u8, side - 1 - y as u8))
        }
        (Some(x), Some(y)) => Err(format!("{x},{y} is off the {side}x{side} board")),
        _ => Err(format!("'{},{}' is not x,y", shorten(x), shorten(y))),
    }
}

fn rule_of(value: &str) -> Result<WinRule, String> {
    let Some(bits) = parse_number(value) else {
        return Err(format!("INFO rule '{}' is not a number", shorten(value)));
    };
    let unsupported = bits & !RULE_EXACT_FIVE;
    if unsupported != 0 {
        let mut names = Vec::new();
        for (bit, name) in [(2, "continuous game"), (4, "renju"), (8, "caro")] {
            if unsupported & bit != 0 {
                names.push(name);
            }
        }
        if unsupported & !14 != 0 {
            names.push("unknown bits");
        }
        return Err(format!(
            "rule {bits} is not supported ({}): this brain plays 0 (five or more) and 1 (exactly five)",
            names.join(", ")
        ));
    }
    Ok(if bits & RULE_EXACT_FIVE != 0 {
        WinRule::ExactlyFive
    } else {
        WinRule::FiveOrMore
    })
}

fn move_error(error: MoveError) -> &'static str {
    match error {
        MoveError::OffBoard => "off the board",
        MoveError::Occupied => "the point is taken",
        MoveError::GameOver => "the game is over",
        MoveError::Restricted => "the opening rule forbids it",
    }
}

/// Why nobody can move, if the game is over.
fn over_message(game: &Game) -> Option<String> {
    let side = game.board().side();
    match game.outcome() {
        Outcome::InProgress => None,
        Outcome::Draw => Some("the board is full: the game is a draw".to_string()),
        Outcome::Won { winner, line } => Some(format!(
            "the game is over: {} has five in a row from {} to {}",
            match winner {
                Stone::Black => "Black",
                Stone::White => "White",
            },
            wire(line.start, side),
            wire(line.point(line.length.max(1) - 1), side)
        )),
    }
}

fn nearest_free(game: &Game) -> Option<Point> {
    let side = game.board().side();
    let middle = side / 2;
    (0..side)
        .flat_map(|row| (0..side).map(move |col| Point::new(col, row)))
        .filter(|&p| game.check(p).is_ok())
        .min_by_key(|p| p.col.abs_diff(middle).max(p.row.abs_diff(middle)))
}

/// A game with `black` and `white` stones played alternately, Black first. The
/// order within a colour does not matter (BOARD may send any order), so each
/// turn plays the first stone of that colour that does not end the game, if
/// there is one: no five appears before the last stone unless the position
/// has one.
fn replay(side: u8, rule: WinRule, black: &[Point], white: &[Point]) -> Result<Game, String> {
    let mut game = Game::with_opening(side, rule, Opening::Free);
    let mut black = black.to_vec();
    let mut white = white.to_vec();
    while !(black.is_empty() && white.is_empty()) {
        let last = black.len() + white.len() == 1;
        let list = match game.to_move() {
            Stone::Black => &mut black,
            Stone::White => &mut white,
        };
        if list.is_empty() {
            return Err("the stones do not alternate".to_string());
        }
        let pick = if last {
            0
        } else {
            list.iter()
                .position(|&p| {
                    let mut trial = game.clone();
                    trial.play(p).is_ok() && !trial.is_over()
                })
                .unwrap_or(0)
        };
        let point = list.remove(pick);
        if let Err(error) = game.play(point) {
            return Err(match error {
                MoveError::GameOver => over_message(&game).unwrap_or_default(),
                other => format!("{}: {}", wire(point, side), move_error(other)),
            });
        }
    }
    Ok(game)
}

/// Reads one line, of any length: CR, LF and CR LF all end it. None at the
/// end of the input. Blanks (spaces, tabs) before the command are dropped
/// as they come, so a line of any number of them costs no memory and the
/// command after them is read whole (it was lost after 4,096 bytes once).
pub fn read_line(input: &mut impl std::io::BufRead) -> std::io::Result<Option<Vec<u8>>> {
    let mut line = Vec::new();
    let mut any = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(any.then_some(line));
        }
        any = true;
        let end = buffer.iter().position(|&b| b == b'\n' || b == b'\r');
        let piece = &buffer[..end.unwrap_or(buffer.len())];
        let start = if line.is_empty() {
            piece
                .iter()
                .position(|&b| b != b' ' && b != b'\t')
                .unwrap_or(piece.len())
        } else {
            0
        };
        line.extend_from_slice(&piece[start..]);
        let used = piece.len() + end.is_some() as usize;
        input.consume(used);
        if end.is_some() {
            return Ok(Some(line));
        }
    }
}
