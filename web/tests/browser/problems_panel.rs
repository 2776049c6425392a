use heatwise_web::components::{PanelTabs, ProblemsPanel, ProblemsPanelProps, PROBLEMS_PAGE};
use heatwise_web::findings::{findings, ProblemFilter};
use heatwise_web::state::BottomPanelTab;
use wasm_bindgen_test::wasm_bindgen_test;
use yew::{html, AppHandle, Callback};

use crate::support::{click, rendered, select, select_all, texts, Host};

/// A template with `count` ports, each using the hidden `network_id`: one
/// finding a port.
fn ports(count: usize) -> String {
    let mut text = String::from("heat_template_version: 2016-10-14\nresources:\n");
    for port in 0..count {
        text.push_str(&format!(
            "  port_{port}:\n    type: OS::Neutron::Port\n    properties:\n      network_id: net\n"
        ));
    }
    text
}

fn props(text: &str, filter: ProblemFilter) -> ProblemsPanelProps {
    let findings = findings(text, None);
    ProblemsPanelProps {
        tabs: html! {
            <PanelTabs tab={BottomPanelTab::Problems} on_tab={Callback::noop()} problems={findings.len()} />
        },
        findings: findings.into(),
        filter,
        on_reveal: Callback::noop(),
        on_fix: Callback::noop(),
        on_toggle_severity: Callback::noop(),
        on_filter: Callback::noop(),
    }
}

async fn render(props: ProblemsPanelProps) -> (Host, AppHandle<ProblemsPanel>) {
    let host = Host::new();
    let handle =
        yew::Renderer::<ProblemsPanel>::with_root_and_props(host.0.clone(), props).render();
    rendered().await;
    (host, handle)
}

#[wasm_bindgen_test]
async fn a_short_list_is_shown_whole() {
    let text = ports(3);
    let (host, _handle) = render(props(&text, ProblemFilter::default())).await;
    assert_eq!(select_all(&host.0, ".problem").len(), 3);
    assert!(select_all(&host.0, ".list-more").is_empty());
}

#[wasm_bindgen_test]
async fn a_long_list_shows_a_page_and_more_on_request() {
    let count = PROBLEMS_PAGE + PROBLEMS_PAGE / 2;
    let text = ports(count);
    let (host, _handle) = render(props(&text, ProblemFilter::default())).await;

    // The counts are of every finding; the list of the first page.
    assert_eq!(
        select(&host.0, ".problems-count").text_content().unwrap(),
        count.to_string()
    );
    assert_eq!(
        texts(&host.0, ".severity-count")[1],
        format!("{count} warnings")
    );
    assert_eq!(select_all(&host.0, ".problem").len(), PROBLEMS_PAGE);
    assert_eq!(
        select(&host.0, ".list-more-count").text_content().unwrap(),
        format!("{PROBLEMS_PAGE} of {count} shown")
    );
    let more = select(&host.0, ".list-more button");
    assert_eq!(
        more.text_content().unwrap(),
        format!("Show {} more", count - PROBLEMS_PAGE)
    );

    click(&more);
    rendered().await;
    assert_eq!(select_all(&host.0, ".problem").len(), count);
    assert!(select_all(&host.0, ".list-more").is_empty());
    let positions = texts(&host.0, ".problem-position");
    assert_eq!(
        positions.last().unwrap(),
        &format!("line {}:7", 2 + 4 * count)
    );
}

#[wasm_bindgen_test]
async fn another_filter_starts_from_the_first_page_again() {
    let count = 2 * PROBLEMS_PAGE + 1;
    let text = ports(count);
    let (host, mut handle) = render(props(&text, ProblemFilter::default())).await;
    click(&select(&host.0, ".list-more button"));
    rendered().await;
    assert_eq!(select_all(&host.0, ".problem").len(), 2 * PROBLEMS_PAGE);

    // Findings of an edited text under the same filter: as many shown.
    handle.update(props(
        &format!("# edited\n{text}"),
        ProblemFilter::default(),
    ));
    rendered().await;
    assert_eq!(select_all(&host.0, ".problem").len(), 2 * PROBLEMS_PAGE);

    let filter = ProblemFilter {
        text: "network_id".to_owned(),
        ..ProblemFilter::default()
    };
    handle.update(props(&text, filter));
    rendered().await;
    assert_eq!(select_all(&host.0, ".problem").len(), PROBLEMS_PAGE);
    assert_eq!(
        select(&host.0, ".list-more button").text_content().unwrap(),
        format!("Show {PROBLEMS_PAGE} more")
    );
}
