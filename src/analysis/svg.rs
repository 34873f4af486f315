//! The evaluation graph of a game as SVG (plotters): White's winning chances by ply, the
//! area above 50 % light (White better), below dark (Black better), mistakes and blunders
//! marked.

use std::path::Path;

use plotters::prelude::*;

use super::GameReport;
use super::classify::MoveClass;

const SIZE: (u32, u32) = (960, 420);
const WHITE_AREA: RGBColor = RGBColor(238, 238, 230);
const BLACK_AREA: RGBColor = RGBColor(70, 70, 76);
const CURVE: RGBColor = RGBColor(30, 110, 200);
const BLUNDER: RGBColor = RGBColor(215, 40, 40);
const MISTAKE: RGBColor = RGBColor(235, 150, 20);

pub fn write(path: &Path, game: &GameReport) -> Result<(), String> {
    draw(path, game).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn draw(path: &Path, game: &GameReport) -> Result<(), Box<dyn std::error::Error>> {
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE)?;
    let last = (game.white_win.len().max(2) - 1) as f64;
    let title = format!("{} - {}   {}", game.white, game.black, game.result);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0f64..last, 0f64..100f64)?;
    chart
        .configure_mesh()
        .x_desc("ply")
        .y_desc("White's winning chances (%)")
        .y_labels(5)
        .x_label_formatter(&|x| format!("{}", *x as i64))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .light_line_style(WHITE.mix(0.0))
        .draw()?;

    let points: Vec<(f64, f64)> = game.white_win.iter().enumerate().map(|(i, &w)| (i as f64, w)).collect();
    chart.draw_series(AreaSeries::new(points.iter().map(|&(x, y)| (x, y.max(50.0))), 50.0, WHITE_AREA.filled()))?;
    chart.draw_series(AreaSeries::new(points.iter().map(|&(x, y)| (x, y.min(50.0))), 50.0, BLACK_AREA.filled()))?;
    chart.draw_series(LineSeries::new([(0.0, 50.0), (last, 50.0)], BLACK.mix(0.4).stroke_width(1)))?;
    chart.draw_series(LineSeries::new(points.clone(), CURVE.stroke_width(2)))?;

    for (class, color, label) in [(MoveClass::Blunder, BLUNDER, "blunder"), (MoveClass::Mistake, MISTAKE, "mistake")] {
        let marks: Vec<(f64, f64)> =
            game.moves.iter().filter(|m| m.class == class).map(|m| points[m.ply.min(points.len() - 1)]).collect();
        chart
            .draw_series(marks.into_iter().map(move |p| Circle::new(p, 6, color.filled())))?
            .label(label)
            .legend(move |(x, y)| Circle::new((x, y), 5, color.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .draw()?;
    root.present()?;
    Ok(())
}
