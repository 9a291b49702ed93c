use piskrs::{
    benchmark,
    engine::{self, Engine, Position},
    random::Random,
};
fn main() {
    let budget: u32 = std::env::args().nth(1).map_or(1300, |s| s.parse().unwrap());
    let mut total = 0;
    for n in 0..12 {
        let g = benchmark::position(n);
        let r = engine::think(
            Engine::Strong { budget },
            Position::of(&g),
            &mut Random::new(1),
        );
        total += r.map_or(0, |r| r.1);
    }
    println!("{total}");
}
